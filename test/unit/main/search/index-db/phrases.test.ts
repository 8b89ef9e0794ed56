// A query's word as a full-text phrase (index-db/phrases.ts): always one quoted phrase, its last word
// a prefix, except a last word longer than the longest prefix index that no longer word extends,
// which is asked for exactly; and which last words are certain enough to be looked up at all.
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import {
  ftsPhrase,
  hasLongerTerm,
  lastAsciiWord,
  phraseOf,
  phraser,
  PREFIX_INDEX_LENGTHS,
  SEEKS_PER_QUERY,
  termsTable,
} from '../../../../../src/main/search/index-db/phrases'

describe('a word as a full-text phrase', () => {
  it('quotes every word as one phrase (quotes doubled), so operators stay words', () => {
    expect(ftsPhrase('a" OR "b')).toBe('"a"" OR ""b"*')
    expect(ftsPhrase('NEAR(x')).toBe('"NEAR(x"*')
    expect(ftsPhrase('say "hi"', false)).toBe('"say ""hi"""')
  })

  // The last word where the tokenizer is certain to store it as typed, lower-cased; null where a letter
  // outside ASCII is in the word, before it or after it (the tokenizer's folding decides).
  const LAST_WORDS: [text: string, word: string | null][] = [
    ['anna.1234@Example', 'example'],
    ['anna.1234@example.', 'example'],
    ['Hotmail', 'hotmail'],
    ['B-105000', '105000'],
    ['visser77', 'visser77'],
    ['müller', null],
    ['straße', null],
    ['—hotmail', null],
    ['hotmail€', null],
    ['...', null],
    ['', null],
  ]
  it.each(LAST_WORDS)('reads the last word of %j as %j', (text, word) => {
    expect(lastAsciiWord(text)).toBe(word)
  })

  it('asks for a long last word exactly only when no longer word starts with it', () => {
    const longest = Math.max(...PREFIX_INDEX_LENGTHS)
    const asked: string[] = []
    const none = (word: string) => {
      asked.push(word)
      return false
    }
    expect(phraseOf('anna.1234@example', none)).toBe('"anna.1234@example"')
    expect(phraseOf('anna.1234@example', () => true)).toBe('"anna.1234@example"*')
    // Up to the longest prefix index, a prefix costs no merge: not looked up.
    const short = 'x'.repeat(longest)
    expect(phraseOf(short, none)).toBe(`"${short}"*`)
    expect(phraseOf(`${short}y`, none)).toBe(`"${short}y"`)
    // A last word the tokenizer might fold otherwise stays a prefix, and is not looked up.
    expect(phraseOf('müllerstraat', none)).toBe('"müllerstraat"*')
    expect(asked).toEqual(['example', `${short}y`])
  })
})

describe("one query's phrases", () => {
  it('seeks at most SEEKS_PER_QUERY words the first time; what is known costs no seek; the rest stay prefixes', () => {
    const known = new Map<string, boolean>([['knownlong', false]])
    const sought: string[] = []
    const phrase = phraser({
      known: (word) => known.get(word),
      seek(word) {
        sought.push(word)
        return false
      },
    })
    const words = Array.from({ length: SEEKS_PER_QUERY + 3 }, (_, i) => `longword${i}`)
    const phrases = ['knownlong', ...words].map(phrase)
    expect(phrases[0]).toBe('"knownlong"')
    expect(sought).toEqual(words.slice(0, SEEKS_PER_QUERY))
    expect(phrases.slice(1, SEEKS_PER_QUERY + 1)).toEqual(words.slice(0, SEEKS_PER_QUERY).map((w) => `"${w}"`))
    expect(phrases.slice(SEEKS_PER_QUERY + 1)).toEqual(words.slice(SEEKS_PER_QUERY).map((w) => `"${w}"*`))
  })
})

describe('whether a longer word starts with a word', () => {
  function table(...texts: string[]) {
    const db = new DatabaseSync(':memory:')
    db.exec(`CREATE VIRTUAL TABLE t_fts USING fts5(x, tokenize = "unicode61 remove_diacritics 2")`)
    db.exec(termsTable('main', 't'))
    for (const text of texts) db.prepare('INSERT INTO t_fts (x) VALUES (?)').run(text)
    const longer = (word: string) => hasLongerTerm((sql) => db.prepare(sql), 'main.t_terms', word)
    return { db, longer }
  }

  it('says so only for a word that another word of the table extends', () => {
    const { db, longer } = table('anna@example.org', 'examplary hotmail', 'hotmailer')
    expect(longer('example')).toBe(false) // "examplary" sorts after it but does not start with it
    expect(longer('exampl')).toBe(true)
    expect(longer('hotmail')).toBe(true)
    expect(longer('hotmailer')).toBe(false)
    expect(longer('zebra')).toBe(false) // past the last term
    expect(longer('aaaa')).toBe(false) // before the first, starting none
    db.close()
  })

  it('sees a word as soon as a row holds it, and no longer once the row is gone', () => {
    const { db, longer } = table('anna@example.org')
    expect(longer('example')).toBe(false)
    db.prepare('INSERT INTO t_fts (rowid, x) VALUES (7, ?)').run('examples')
    expect(longer('example')).toBe(true)
    db.prepare('DELETE FROM t_fts WHERE rowid = 7').run()
    expect(longer('example')).toBe(false)
    db.close()
  })
})
