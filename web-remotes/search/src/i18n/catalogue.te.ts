/** The `search` namespace in Telugu: a chunk of its own, loaded only when the page is in Telugu. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const te: Translation<SearchTexts> = {
  title: 'ప్రయాణికులు, అభ్యర్థనల కోసం వెతకండి',
  serviceLabel: 'సేవ రకం',
  fromLabel: 'బయలుదేరే విమానాశ్రయం',
  toLabel: 'చేరే విమానాశ్రయం',
  fromDateLabel: 'ఈ తేదీ నుండి',
  toDateLabel: 'ఈ తేదీ వరకు',
  search: 'వెతకండి',
  contact: 'సంప్రదించండి',
  connecting: 'కలుపుతున్నాము...',
  submittedBy: 'పంపినవారు:',
  submitted: 'పంపిన తేదీ',
  traveler: 'ప్రయాణికులు',
  freeService: 'ఉచిత సేవ',
  ticketsBooked: 'టికెట్లు బుక్ అయ్యాయి',
  ticketsNotBooked: 'టికెట్లు ఇంకా బుక్ కాలేదు',
  contactFailed: 'సంప్రదించడం కుదరలేదు. దయచేసి మళ్లీ ప్రయత్నించండి.',
  speaks: 'మాట్లాడే భాష',
  anyLanguage: 'ఏ భాష అయినా',
  services: { companion: 'సహ ప్రయాణికుల సేవ', ride: 'వాహన సేవ', document: 'పత్రాల సేవ' },
  filters: 'ప్రయాణికుల కోసం వెతికే ఫిల్టర్‌లు',
  searching: 'వెతుకుతున్నాము',
  found: '{{count}} మంది ప్రయాణికులు దొరికారు',
  foundFrom: '{{airport}} నుండి {{count}} మంది ప్రయాణికులు దొరికారు',
  badges: {
    seeking: 'సహ ప్రయాణికులు కావాలి',
    free: 'ఉచిత సహ ప్రయాణికులు',
    paid: 'రుసుముతో సహ ప్రయాణికులు',
    provideRide: 'వాహనం ఇవ్వగలరు',
    needRide: 'వాహనం కావాలి',
    document: 'పత్రాలు',
  },
  genders: { male: 'పురుషుడు', female: 'స్త్రీ', other: 'ఇతర' },
  age: '{{age}} ఏళ్లు',
  trust: {
    trips: '{{count}} ప్రయాణాలు పూర్తి చేశారు',
    lateCancellations: 'గత 12 నెలల్లో చివరి నిమిషంలో రద్దు: {{count}}',
    references: '{{positive}} మంచి · {{neutral}} మామూలు · {{negative}} బాగోలేని అభిప్రాయాలు',
    memberSince: '{{month}} నుండి సభ్యులు',
  },
  via: 'మధ్య మజిలీ:',
  chatStarted: '{{name}} గారితో ఇప్పుడు చాట్ చేయవచ్చు!',
  disclaimer: {
    title: 'ముందుగా ఒక అభ్యర్థన సృష్టించండి',
    document: 'ఈ ప్రయాణికులను సంప్రదించి పత్రాలు తీసుకెళ్లాలంటే, ముందుగా మీరు ఒక ప్రయాణ అభ్యర్థన సృష్టించాలి.',
    companion: '{{name}}తో మాట్లాడాలంటే, ముందుగా మీరు ఒక సహ ప్రయాణికుల అభ్యర్థన సృష్టించాలి.',
    thisTraveller: 'ఈ ప్రయాణికుల',
    why: 'మేము ఇది ఎందుకు అడుగుతున్నాము:',
    reasons: {
      verify: {
        title: 'ప్రయాణాన్ని నిర్ధారించడం',
        detail: 'మీరు నిజంగానే ఈ మార్గంలో ప్రయాణిస్తున్నారని మీ అభ్యర్థన నిర్ధారిస్తుంది.',
      },
      safe: {
        title: 'సురక్షితమైన పరిచయం',
        detail: 'కలవడానికి ముందే ఇద్దరు ప్రయాణికులకూ ఒకరి గురించి ఒకరికి తెలుస్తుంది.',
      },
      matching: {
        title: 'మెరుగైన జత',
        detail: 'మీ ఇద్దరి విమానాలు, తేదీలు, మధ్య మజిలీలను మేము పోల్చి చూడగలము.',
      },
      record: {
        title: 'సంభాషణల రికార్డు',
        detail: 'మీ సంభాషణ మీ అభ్యర్థనతో ముడిపడి ఉంటుంది.',
      },
    },
    after: 'మీ అభ్యర్థన సృష్టించిన వెంటనే, ఆ ప్రయాణికులతో చాట్ దానంతట అదే మొదలవుతుంది.',
    cancel: 'రద్దు చేయండి',
    continue: 'అభ్యర్థన సృష్టించడానికి కొనసాగండి',
  },
};

export default te;
