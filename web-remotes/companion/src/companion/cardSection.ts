/**
 * The id of a request card's case-id line. A card's sections (trip day, references, papers) are named by their
 * heading and this line, so that two cards on one page never have two landmarks of the same name: a screen
 * reader's list of regions tells "Papers to print, SS-…-1" from "Papers to print, SS-…-2".
 */
export function caseIdElementId(caseid: string): string {
  return `case-id-${caseid}`;
}

/** `aria-labelledby` for a card's section: its own heading, then the card's case id. */
export function cardSectionLabelledBy(headingId: string, caseid: string): string {
  return `${headingId} ${caseIdElementId(caseid)}`;
}
