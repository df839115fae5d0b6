/**
 * Texts of the traveller without a smartphone (issue 39, addendum "Safe with strangers" §5): the form's
 * arrival and the need side's papers (destination address, who collects the traveller, assistance), how the
 * card and the companion's trip day show them, the Download and Print buttons of the traveller's card and
 * the pickup pass, and "How the hand-over works". Kept apart from the rest of the `companion` namespace (as
 * its `papers` section), like family.ts. The documents' own words are the contracts' (contracts/src/papers).
 */
export const PAPERS_EN = {
  form: {
    arrivalDate: 'Arrival date (optional)',
    arrivalTime: 'Arrival time (optional)',
    arrivalTimeHelp: 'Local time at the destination airport',
    title: 'For the traveller’s card (optional)',
    notice:
      'Printed on the card the traveller carries and on the pickup pass. Your companion sees only the wheelchair, the help needed and the first name of who collects the traveller, and only around the trip day.',
    destinationAddress: 'Destination address',
    destinationAddressHelp: 'Printed in English for airport desks and taxis, so write it in English',
    receiverName: 'Who collects the traveller at arrival',
    receiverNameHelp: 'Their full name',
    wheelchair: 'Wheelchair',
    assistanceNotes: 'Other help needed',
    assistanceNotesHelp: 'For example: walks slowly, cannot climb stairs',
  },
  wheelchair: {
    none: 'Not needed',
    requested: 'Asked the airline for one',
    booked: 'Booked with the airline',
  },
  card: {
    arrival: 'Arrival',
    travellerTitle: 'For the traveller',
    address: 'Address',
    receiver: 'Collected by',
    wheelchair: 'Wheelchair',
    notes: 'Help needed',
  },
  /** The companion side's trip day (inside the trip window only). */
  trip: {
    title: 'What the traveller needs',
    wheelchair: 'Wheelchair: {{status}}',
    notes: 'Help needed: {{notes}}',
    receiver: 'At arrival, {{name}} collects the traveller.',
    note: 'Shared with you for the trip day only.',
  },
  documents: {
    title: 'Papers to print',
    introNeed:
      'For a traveller without a smartphone: the traveller’s card to carry, in their language and in English, and the pickup pass for whoever collects them.',
    introProvide:
      'Your own traveller’s card: your flight, your companion and phrases for the desks, in your language and in English.',
    card: 'Traveller’s card',
    pass: 'Pickup pass',
    download: 'Download',
    print: 'Print',
    downloadLabel: 'Download the {{paper}}',
    printLabel: 'Print the {{paper}}',
    reprint: 'Print again after a change: a new companion, meeting point or code.',
  },
  /** The family page opened from a printed pickup pass's QR code (`?pass=`): is that pass still good? */
  familyPage: {
    passCurrent:
      'This pickup pass is current: give its code to the companion only when the traveller is with you.',
    passOutdated:
      'This pickup pass is out of date: a new hand-over code was made. Do not use the code on it; ask the family for the new pass.',
  },
  howItWorks: {
    title: 'How the hand-over works',
    picture:
      'Picture: the traveller and the companion walk to the person collecting the traveller, who shows the code on the pickup pass.',
    together: 'Traveller and companion',
    collector: 'Who collects, with the code',
    steps: {
      print: 'Print the pickup pass for whoever collects {{traveller}} at arrival.',
      code: 'The companion gives {{traveller}} over only to the person who shows the code on the pass.',
      lost: 'Pass lost? Make a new code and print a new pass: the old pass then says it is out of date.',
    },
  },
};

export type PapersTexts = typeof PAPERS_EN;
