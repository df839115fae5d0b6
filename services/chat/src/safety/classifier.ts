/**
 * The scam and mule shield's classifier (addendum "Safe with strangers" §3, issue 37): labels a chat message with
 * the kinds of harm it asks for. `carry`: the message asks the reader to take, carry, deliver or keep an item for
 * someone; `money`: it asks for money or payment, for bank, card, UPI or wallet details, or offers money for
 * carrying; `code`: it asks for a sign-in code (OTP) or the hand-over code. The text is never changed or blocked.
 *
 * Rules over lexicons, in all nine languages of the product and romanised Hindi (docs/decisions.md "The scam and
 * mule shield: the classifier"): the message is normalised and split into sentences and clauses (normalize.ts),
 * the lexicons (lexicon.ts) tag its words, and each kind is a small set of co-occurrences within a sentence (a
 * request verb with an item, a payment word or a code), minus negated and warning clauses, the traveller's own
 * things, and descriptions of what the writer or someone else does. Pure and synchronous: no I/O, no state
 * but the lexicon tables built once at load; linear in the length of the text.
 */
import type { SafetyFlag } from '@safarsaathi/contracts';
import { LEXICONS, NEGATIVE_SUFFIXES, TAGS, type Tag } from './lexicon';
import { VIRAMAS, normalizeWord, tokenize, type ShieldText } from './normalize';

export type { SafetyFlag };

// ---------------------------------------------------------------------------------------------------------
// The lexicon as a character trie of word patterns, and phrases as sequences of patterns.

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Patterns that match a word ending here. */
  exact: number[];
  /** Patterns that match any word starting with the characters up to here. */
  prefix: number[];
}

interface Phrase {
  tag: Tag;
  patterns: number[];
  /** `!` entries: hide the shorter phrases inside their span (NONE phrases only hide). */
  override: boolean;
}

const trie: TrieNode = { next: new Map(), exact: [], prefix: [] };
const patternIds = new Map<string, number>();
const phrasesByFirst = new Map<number, Phrase[]>();

function patternOf(word: string, prefix: boolean): number {
  let text = word;
  if (prefix) while (text.length > 1 && VIRAMAS.has(text[text.length - 1]!)) text = text.slice(0, -1);
  const key = `${prefix ? '*' : '='}${text}`;
  const known = patternIds.get(key);
  if (known !== undefined) return known;
  const id = patternIds.size;
  patternIds.set(key, id);
  let node = trie;
  for (const char of text) {
    let next = node.next.get(char);
    if (!next) {
      next = { next: new Map(), exact: [], prefix: [] };
      node.next.set(char, next);
    }
    node = next;
  }
  (prefix ? node.prefix : node.exact).push(id);
  return id;
}

function addPhrase(tag: Tag, entry: string): void {
  const override = entry.startsWith('!');
  const patterns: number[] = [];
  for (const raw of (override ? entry.slice(1) : entry).split(' ')) {
    if (!raw) continue;
    const prefix = raw.endsWith('*');
    // the same normalisation as a message's words (one lexicon word may become two tokens: "a/c")
    const words = tokenize(prefix ? raw.slice(0, -1) : raw).tokens;
    words.forEach((word, i) => patterns.push(patternOf(word, prefix && i === words.length - 1)));
  }
  if (patterns.length === 0) return;
  const phrase: Phrase = { tag, patterns, override };
  const list = phrasesByFirst.get(patterns[0]!);
  if (list) list.push(phrase);
  else phrasesByFirst.set(patterns[0]!, [phrase]);
}

for (const lexicon of LEXICONS) {
  for (const tag of TAGS) for (const entry of lexicon[tag] ?? []) addPhrase(tag, entry);
}
const negativeSuffixes = NEGATIVE_SUFFIXES.map((suffix) => normalizeWord(suffix));

/** Word → the patterns it matches; words repeat across messages, so a bounded cache saves the walks. */
const wordCache = new Map<string, readonly number[]>();
const WORD_CACHE_LIMIT = 50_000;

function patternsOfWord(word: string): readonly number[] {
  const cached = wordCache.get(word);
  if (cached) return cached;
  const found: number[] = [];
  let node: TrieNode | undefined = trie;
  for (let i = 0; i < word.length && node; i++) {
    node = node.next.get(word[i]!);
    if (node) found.push(...node.prefix);
  }
  if (node) found.push(...node.exact);
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(word, found);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// A message with its tags.

interface Hit {
  tag: Tag;
  start: number;
  /** Exclusive. */
  end: number;
  override: boolean;
}

/** Words before a number that make it something other than an amount ("flight 101", "seat 32", "gate 12"). */
const NOT_AMOUNT_BEFORE = new Set([
  'flight',
  'seat',
  'gate',
  'terminal',
  'pnr',
  'pin',
  'belt',
  'counter',
  'row',
  'platform',
  'no',
  'number',
  'room',
  'code',
  'ai',
  'ek',
  'uk',
  'sg',
  'ba',
  'lh',
  'qr',
  'ey',
  'ix',
]);

class Message {
  readonly tokens: string[];
  readonly sentence: number[];
  readonly segment: number[];
  readonly hits: Hit[] = [];
  private readonly byTag = new Map<Tag, Hit[]>();
  private readonly startsAt: Map<Tag, Set<number>> = new Map();

  constructor(text: ShieldText) {
    this.tokens = text.tokens;
    this.sentence = text.sentence;
    this.segment = text.segment;
    const { tokens } = this;
    const matches = tokens.map((token) => patternsOfWord(token));
    const found: Hit[] = [];
    for (let i = 0; i < tokens.length; i++) {
      for (const pattern of matches[i]!) {
        for (const phrase of phrasesByFirst.get(pattern) ?? []) {
          const n = phrase.patterns.length;
          if (i + n > tokens.length || this.sentence[i + n - 1] !== this.sentence[i]) continue;
          let all = true;
          for (let j = 1; j < n && all; j++) all = matches[i + j]!.includes(phrase.patterns[j]!);
          if (all) found.push({ tag: phrase.tag, start: i, end: i + n, override: phrase.override });
        }
      }
      const token = tokens[i]!;
      if (negativeSuffixes.some((suffix) => token.length > suffix.length && token.endsWith(suffix))) {
        found.push({ tag: 'NEG', start: i, end: i + 1, override: false });
      }
      if (this.isAmount(i)) found.push({ tag: 'MONEY', start: i, end: i + 1, override: false });
    }
    const overrides = found.filter((hit) => hit.override);
    for (const hit of found) {
      // an override hides what starts inside it, but for a phrase as long as itself starting where it starts
      const hidden = overrides.some(
        (o) =>
          o !== hit &&
          hit.start >= o.start &&
          hit.start < o.end &&
          (hit.start > o.start || hit.end - hit.start < o.end - o.start),
      );
      if (hidden || hit.tag === 'NONE') continue;
      this.hits.push(hit);
      const list = this.byTag.get(hit.tag);
      if (list) list.push(hit);
      else this.byTag.set(hit.tag, [hit]);
      let starts = this.startsAt.get(hit.tag);
      if (!starts) this.startsAt.set(hit.tag, (starts = new Set()));
      starts.add(hit.start);
    }
  }

  /** An amount: a number of 3–7 digits not naming a flight, seat or gate; "10k"; "5000rs". */
  private isAmount(i: number): boolean {
    const token = this.tokens[i]!;
    if (/^\d+(?:k|rs|inr|usd|aed)$/.test(token)) return true;
    if (!/^\d{3,7}$/.test(token)) return false;
    const before = i > 0 && this.segment[i - 1] === this.segment[i] ? this.tokens[i - 1]! : '';
    return !NOT_AMOUNT_BEFORE.has(before);
  }

  of(tag: Tag): readonly Hit[] {
    return this.byTag.get(tag) ?? [];
  }

  is(tag: Tag, index: number): boolean {
    return this.startsAt.get(tag)?.has(index) ?? false;
  }

  /** A hit of the tag in the same clause as the index. */
  inSegment(tag: Tag, index: number): boolean {
    return this.of(tag).some((hit) => this.segment[hit.start] === this.segment[index]);
  }

  inSentence(tag: Tag, sentence: number): boolean {
    return this.of(tag).some((hit) => this.sentence[hit.start] === sentence);
  }

  /** A hit of one of the tags in the same sentence, at most `window` words away. */
  near(tags: readonly Tag[], at: Hit, window: number, filter: (hit: Hit) => boolean = () => true): boolean {
    const sentence = this.sentence[at.start];
    return tags.some((tag) =>
      this.of(tag).some(
        (hit) =>
          hit !== at &&
          this.sentence[hit.start] === sentence &&
          hit.start - at.end < window &&
          at.start - hit.end < window &&
          filter(hit),
      ),
    );
  }

  /**
   * Negated: a negation within six words in the same clause ("no money needed", "paise ki koi zaroorat nahi",
   * "don't share the OTP"), a particle just before ("OTP na batana", "કોઈને ન કહેશો") or just after ("বলবেন না"),
   * or a negative verb ending on the word itself (சொல்லாதீங்க, చెప్పకండి, പറയരുത്).
   */
  negated(hit: Hit): boolean {
    const segment = this.segment[hit.start];
    const inClause = (other: Hit): boolean => this.segment[other.start] === segment;
    if (this.of('NEG').some((n) => inClause(n) && n.start <= hit.end + 5 && n.end >= hit.start - 6))
      return true;
    if (this.of('NEGNEXT').some((n) => inClause(n) && hit.start >= n.end && hit.start <= n.end + 1))
      return true;
    return this.of('NEGPREV').some((n) => inClause(n) && hit.end <= n.start && hit.end >= n.start - 1);
  }

  /** In a clause that warns or supposes ("if anyone asks you to carry a parcel, say no"). */
  warned(hit: Hit): boolean {
    return this.inSegment('WARN', hit.start);
  }

  live(hit: Hit): boolean {
    return !this.negated(hit) && !this.warned(hit);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Who asks whom: requests, descriptions, the writer's own doing.

/** Words that may stand between a subject or a request cue and its verb ("you will just need to send"). */
const FILLERS = new Set([
  'will',
  'wil',
  'can',
  'could',
  'would',
  'just',
  'also',
  'to',
  'now',
  'then',
  'so',
  'and',
  'first',
  'pehle',
  'bro',
  'sir',
  'madam',
  'mam',
  'ji',
  'ok',
  'okay',
  'hi',
  'hello',
  'hey',
  'dear',
  'uncle',
  'aunty',
  'auntie',
  'bhai',
  'yar',
  'need',
  'have',
  'must',
  'should',
  'simply',
  'only',
  'kindly',
  'please',
  'pls',
  'plz',
  'quickly',
  'right',
  'away',
  'today',
  'immediately',
]);

/**
 * An English verb said as a request: the first word of its clause (an imperative: "Send the OTP", "Pay 1500 on
 * Paytm"), or after you, please, can you… ("can you send", "you need to pay"); not after I, we, she, my son…
 * ("I'll pay the airline", "my son will pay for the taxi").
 */
function requested(m: Message, verb: Hit): boolean {
  const segment = m.segment[verb.start];
  for (let k = verb.start - 1; k >= 0 && k >= verb.start - 6 && m.segment[k] === segment; k--) {
    if (m.is('SELF', k) || m.is('THIRD', k)) return false;
    if (m.is('YOU', k) || m.is('REQ', k)) return true;
    if (!FILLERS.has(m.tokens[k]!)) return m.inSegment('REQ', verb.start);
  }
  return true;
}

/** A description of what someone else does with an item ("she is carrying…", "mom takes her tablets"). */
function descriptive(m: Message, verb: Hit): boolean {
  const segment = m.segment[verb.start];
  for (let k = verb.start - 1; k >= 0 && k >= verb.start - 3 && m.segment[k] === segment; k--) {
    if (m.is('YOU', k) || m.is('REQ', k)) return false;
    if (m.is('THIRD', k)) return true;
  }
  return false;
}

/** The writer's own doing, nobody asked ("I will help carry her bag", "main unka bag utha lunga"). */
function selfOnly(m: Message, verb: Hit): boolean {
  const segment = m.segment[verb.start];
  let self = false;
  for (let k = verb.start - 1; k >= 0 && k >= verb.start - 6 && m.segment[k] === segment; k--) {
    if (m.is('SELF', k)) self = true;
  }
  return (
    self &&
    !m.inSegment('YOU', verb.start) &&
    !m.inSegment('REQ', verb.start) &&
    !m.inSegment('RECIP', verb.start)
  );
}

/** The traveller's or the reader's own item: a possessive in the three words before it ("her hand luggage"). */
function own(m: Message, item: Hit): boolean {
  const segment = m.segment[item.start];
  for (let k = item.start - 1; k >= 0 && k >= item.start - 3 && m.segment[k] === segment; k--) {
    if (m.is('OWN', k)) return true;
    if (m.is('ITEM', k) || m.is('ITEM_W', k) || ['and', 'or', 'aur', 'with', 'और'].includes(m.tokens[k]!))
      return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// The three kinds.

function asksToCarry(m: Message): boolean {
  const items = [...m.of('ITEM'), ...m.of('ITEM_W')].filter((item) => m.live(item) && !own(m, item));
  if (items.length === 0) return false;
  const acting = (verb: Hit): boolean => m.live(verb) && !descriptive(m, verb) && !selfOnly(m, verb);
  const verbs = m.of('CARRY').filter(acting);
  const collected = m.of('COLLECT').some((hit) => m.live(hit));
  for (const item of items) {
    const strong = item.tag === 'ITEM';
    const sentence = m.sentence[item.start]!;
    const carried = m.near(['CARRY'], item, 10, acting);
    const given = m.near(['GIVE'], item, 10, acting);
    const custody = m.near(['CUSTODY'], item, 10, (hit) => m.live(hit));
    const recipient = m.inSentence('RECIP', sentence);
    // a packet, a parcel, a bag that is not hers: taken, kept, packed in the reader's bag, or collected from them
    if (strong && (carried || custody || collected || (given && recipient))) return true;
    // medicine, food, cash, documents: only for someone else, or collected from the reader
    if (!strong && (carried || given || custody) && (recipient || collected)) return true;
  }
  // "could you bring them along? Just a small box." (the item in another sentence)
  const strongItems = items.some((item) => item.tag === 'ITEM');
  return (
    strongItems &&
    verbs.some((verb) =>
      m
        .of('PRON')
        .some(
          (pronoun) =>
            m.sentence[pronoun.start] === m.sentence[verb.start] && Math.abs(pronoun.start - verb.end) <= 2,
        ),
    )
  );
}

function asksForMoney(m: Message): boolean {
  const live = (hit: Hit): boolean => m.live(hit);
  if (
    m.of('DETAIL').some(live) ||
    m.of('FEE').some(live) ||
    m.of('GIFTCARD').some(live) ||
    m.of('LEND').some(live)
  ) {
    return true;
  }
  const moneyNear = (at: Hit, window: number): boolean =>
    m.near(['MONEY', 'APP', 'DETAIL'], at, window, live);
  if (m.of('LEND_EN').some((hit) => live(hit) && moneyNear(hit, 8))) return true;
  if (m.of('PAY').some((hit) => live(hit) && moneyNear(hit, 6))) return true;
  // "give" is a payment unless it goes to a third party ("cash hai, mere rishtedaar ko de dena": carrying)
  if (m.of('PAYG').some((hit) => live(hit) && moneyNear(hit, 6) && !m.inSegment('RECIP', hit.start)))
    return true;
  if (
    m
      .of('PAY_EN')
      .some((hit) => live(hit) && requested(m, hit) && (m.tokens[hit.start] === 'pay' || moneyNear(hit, 8)))
  ) {
    return true;
  }
  // "Venmo me $40", "gpay me"; "what's your GPay?", "apna upi bhejo"
  if (m.of('APP').some((hit) => live(hit) && m.tokens[hit.end] === 'me' && requested(m, hit))) return true;
  if (m.of('APP').some((hit) => live(hit) && m.is('YOURS', hit.start - 1))) return true;
  // a card with its number, digits or CVV: "the 3 digits on the back of your debit card"
  if (m.of('CARD').some((hit) => live(hit) && m.near(['NUMWORD', 'DETAIL'], hit, 5))) return true;
  // the writer's own need: "I need 2000 urgently", "I want the money today"
  if (
    m
      .of('NEEDV')
      .some(
        (hit) =>
          live(hit) &&
          [1, 2].some(
            (back) => m.is('SELF', hit.start - back) && m.segment[hit.start - back] === m.segment[hit.start],
          ) &&
          moneyNear(hit, 6),
      )
  ) {
    return true;
  }
  // offering money: "I'll pay you 5000 rupees", "main aapko 5000 dunga"
  return m
    .of('OFFER')
    .some(
      (hit) =>
        live(hit) && m.near(['MONEY'], hit, 6, (money) => m.segment[money.start] === m.segment[hit.start]),
    );
}

function asksForCode(m: Message): boolean {
  const live = (hit: Hit): boolean => m.live(hit);
  const asks = [
    ...m.of('ASK').filter(live),
    ...m.of('ASK_EN').filter((hit) => live(hit) && requested(m, hit)),
  ];
  for (const ask of asks) {
    const sentence = m.sentence[ask.start]!;
    // "You will get a code by SMS. Please forward it to me." (the code in the sentence before)
    const pointsBack = m
      .of('PRON')
      .some((p) => m.sentence[p.start] === sentence && p.start >= ask.end && p.start <= ask.end + 1);
    const sentences = pointsBack ? [sentence, sentence - 1] : [sentence];
    const within = (hit: Hit): boolean => sentences.includes(m.sentence[hit.start]!);
    if (m.of('GIFTCARD').some(within)) continue;
    if (m.of('CODE').some((hit) => within(hit) && live(hit))) return true;
    const harmless = (code: Hit): boolean =>
      m
        .of('CODEOK')
        .some(
          (ok) =>
            m.segment[ok.start] === m.segment[code.start] &&
            ok.start <= code.end + 3 &&
            ok.end >= code.start - 3,
        );
    if (m.of('CODEWORD').some((hit) => within(hit) && live(hit) && !harmless(hit))) return true;
    if (m.of('CODESRC').some(within) && m.of('NUMWORD').some(within)) return true;
    // "tell me the numbers from the SafarSaathi message", "forward the SMS you got from the app"
    if (
      m.of('APPSRC').some(within) &&
      (m.of('MSG').some(within) || m.of('CODESRC').some(within) || m.of('NUMWORD').some(within))
    ) {
      return true;
    }
  }
  return false;
}

/** The kinds a message asks for, in the order carry, money, code; empty when none. */
export function classifyMessage(text: string): SafetyFlag[] {
  const m = new Message(tokenize(text));
  if (m.hits.length === 0) return [];
  const flags: SafetyFlag[] = [];
  if (asksToCarry(m)) flags.push('carry');
  if (asksForMoney(m)) flags.push('money');
  if (asksForCode(m)) flags.push('code');
  return flags;
}

/** The tags the lexicons found in a message, word by word (for the bench's listing of misses and tests). */
export function explainMessage(text: string): string {
  const m = new Message(tokenize(text));
  return m.tokens
    .map((token, i) => {
      const tags = m.hits.filter((hit) => hit.start === i).map((hit) => hit.tag);
      return tags.length ? `${token}[${tags.join(',')}]` : token;
    })
    .join(' ');
}
