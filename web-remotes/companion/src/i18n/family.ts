/**
 * Texts of posting for family and of the family page (issue 38, §7): the need form's question of who
 * travels, and the family page's title, status line and Share message. Who posted for whom and whose trust
 * figures a card shows are web-kit's (postedForCatalogue): the search results say it too.
 */
export const FAMILY_EN = {
  /** The need form asks who travels. */
  form: {
    whoTravels: 'Who is travelling?',
    self: 'Me',
    family: 'Someone in my family',
    familyHelp:
      'Write their name below as the passenger. You post and chat for them, and your companion sees that you posted it for them.',
  },
  page: {
    whoseTrip: "{{traveller}}'s trip to {{city}}",
    aTrip: 'A trip to {{city}}',
    /** The one status line: the latest that happened, else the match, else what is looked for. */
    matched: '{{helper}} will travel with {{helped}} on {{flight}}',
    matchedNoFlight: '{{helper}} will travel with {{helped}}',
    meeting: '{{traveller}} will meet {{companion}} at {{place}} at {{time}}',
    met: '{{traveller}} met {{companion}} at the airport at {{time}}',
    boarded: '{{traveller}} boarded {{flight}} at {{time}}',
    boardedNoFlight: '{{traveller}} boarded the flight at {{time}}',
    landed: '{{traveller}} landed in {{city}} at {{time}}',
    handedOver: '{{helper}} handed {{helped}} over in {{city}} at {{time}}',
    over: 'The travel date has passed.',
    /** Stand-ins when the view names nobody (a plan without a name, an account gone). */
    theTraveller: 'the traveller',
    theCompanion: 'their companion',
    /** Before the link in the shared message. */
    shareInvite: 'Follow the trip on SafarSaathi:',
  },
} as const;
