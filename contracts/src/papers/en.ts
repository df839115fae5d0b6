/**
 * The words of the traveller's card and the pickup pass (issue 39), in English: the source every other
 * language mirrors (`PaperTexts`), one plain-data file per language. Each text is printed beside its English
 * (a desk or immigration officer reads the English, the traveller her own). `{{name}}` is filled when the
 * document is made (`{{product}}` is always the product's name); a translation keeps every placeholder.
 * First-person phrases are worded so that no verb says whether the traveller is a man or a woman.
 */
const en = {
  /** '21:40, New Delhi time': a time on its airport's clock, named by its city (web-kit places.cityTime). */
  cityTime: '{{time}}, {{city}} time',
  card: {
    title: 'Traveller’s card',
    intro: 'I am flying with a companion from {{product}}. Please help me if I need it.',
    traveller: 'Traveller',
    flights: 'Flights',
    departs: 'Departs {{time}}',
    arrives: 'Arrives {{time}}',
    notBooked: 'Not booked yet: between {{from}} and {{to}}',
    companion: 'My companion',
    speaks: 'Speaks: {{languages}}',
    noCompanion:
      'No companion has been found yet. Print this card again once one is found: the QR code keeps working.',
    meeting: 'Where we meet',
    noMeeting: 'Not agreed yet.',
    safety: 'Safety',
    /** contracts SAFETY_NOTE; the web catalogues' `companion.safetyNote` say the same (a unit test checks). */
    safetyNote: 'SafarSaathi companions never carry anything for anyone, and never ask for money or codes.',
    destination: 'Where I am going',
    receiver: 'Who collects me',
    assistance: 'Help I need',
    wheelchairRequested: 'I asked the airline for a wheelchair.',
    wheelchairBooked: 'A wheelchair is booked with the airline.',
    phrases: 'Words for the desk and immigration',
    emergency: 'My family (emergency contact)',
    qr: 'My family follows this trip: scan the code.',
    printed: 'Printed {{date}}',
  },
  /** Said at a desk, at immigration or to anyone who helps: each printed in English beside its translation. */
  phrases: {
    purpose: 'The purpose of my visit is to see my family.',
    address: 'I am going to this address. Please help me get there.',
    wheelchair: 'I need a wheelchair.',
    english: 'I do not speak English well; my companion is helping me.',
    callFamily: 'Please call my family.',
    gate: 'Please show me the way to my gate.',
    connection: 'I have a connecting flight.',
    medicine: 'My medicines are in my hand bag.',
  },
  pass: {
    title: 'Pickup pass',
    forWhom: 'For the person who collects {{traveller}} at arrivals',
    arrival: 'Arrival',
    noArrival: 'Arrival time not given yet: see the ticket.',
    flight: 'Flight',
    companion: 'Companion',
    code: 'Hand-over code',
    giveCode: 'Give this code to the companion only when {{traveller}} is with you.',
    noCode:
      'No companion has been found yet. Print this pass again once one is found: it will then carry the hand-over code.',
    qr: 'Scan to follow the trip. If a newer pass was printed, the page says this one is out of date.',
    keep: 'Show this code to no one else.',
  },
};

export default en;

/** A language's texts: exactly English's keys (the compiler checks each), any words for each text. */
export type PaperTranslation<T> = { [K in keyof T]: T[K] extends string ? string : PaperTranslation<T[K]> };

/** The shape of every language's file, `contracts/src/papers/<locale>.ts`. */
export type PaperTexts = PaperTranslation<typeof en>;
