// Made-up people of several countries for the seeded merchant: names, streets, cities, postal codes
// and phone numbers in each country's shape (E.164). E-mail addresses use the reserved example.com,
// example.org and example.net domains (RFC 2606), so no real mailbox is named.
import type { Address, Locale } from '../../shared/api-types'
import { standardVatRate } from '../../shared/vat-rates'
import type { CustomerData, Mandate } from '../customers-store'

export interface Country {
  code: string
  locale: Locale
  currency: string
  given: readonly string[]
  family: readonly string[]
  streets: readonly string[]
  cities: readonly string[]
  postal: (random: () => number) => string
  phone: (random: () => number) => string
  /** standard and reduced VAT rates, as order lines carry them */
  vat: readonly [string, string]
  /** given names of women, where the family name takes another form for them */
  female?: readonly string[]
  /** the family name in the form that agrees with the person (Polish -ski → -ska for a woman) */
  familyForm?: (family: string, female: boolean) => string
}

/** A country's standard rate from the one table of them (shared/vat-rates.ts), and its reduced rate. */
function vatRates(code: string, reduced: string): readonly [string, string] {
  const standard = standardVatRate(code)
  if (standard === null) throw new Error(`No standard VAT rate for ${code} in shared/vat-rates.ts`)
  return [standard, reduced]
}

const digits = (random: () => number, n: number) => {
  let out = ''
  for (let i = 0; i < n; i++) out += String(Math.floor(random() * 10))
  return out
}

export const COUNTRIES: readonly Country[] = [
  {
    code: 'NL',
    locale: 'nl_NL',
    currency: 'EUR',
    vat: vatRates('NL', '9.00'),
    given: ['Sanne', 'Daan', 'Emma', 'Lucas', 'Julia', 'Sem', 'Tess', 'Noah', 'Fleur', 'Bram'],
    family: ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder'],
    streets: ['Keizersgracht', 'Oudegracht', 'Lange Voorhout', 'Witte de Withstraat', 'Vismarkt'],
    cities: ['Amsterdam', 'Utrecht', 'Den Haag', 'Rotterdam', 'Groningen'],
    postal: (r) =>
      `${1000 + Math.floor(r() * 8999)} ${String.fromCharCode(65 + Math.floor(r() * 26))}${String.fromCharCode(65 + Math.floor(r() * 26))}`,
    phone: (r) => `+316${digits(r, 8)}`,
  },
  {
    code: 'BE',
    locale: 'nl_BE',
    currency: 'EUR',
    vat: vatRates('BE', '6.00'),
    given: ['Lotte', 'Arthur', 'Louise', 'Jules', 'Marie', 'Victor', 'Elise', 'Lars'],
    family: ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Willems', 'Claes', 'Goossens'],
    streets: ['Meir', 'Veldstraat', 'Rue Neuve', 'Bondgenotenlaan', 'Grote Markt'],
    cities: ['Antwerpen', 'Gent', 'Brussel', 'Leuven', 'Brugge'],
    postal: (r) => String(1000 + Math.floor(r() * 8999)),
    phone: (r) => `+3247${digits(r, 7)}`,
  },
  {
    code: 'DE',
    locale: 'de_DE',
    currency: 'EUR',
    vat: vatRates('DE', '7.00'),
    given: ['Lukas', 'Mia', 'Leon', 'Hannah', 'Felix', 'Lena', 'Jonas', 'Sophie'],
    family: ['Schneider', 'Müller', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann'],
    streets: ['Hauptstraße', 'Schillerstraße', 'Goethestraße', 'Bahnhofstraße', 'Lindenallee'],
    cities: ['Berlin', 'Hamburg', 'München', 'Köln', 'Leipzig'],
    postal: (r) => String(10000 + Math.floor(r() * 89999)),
    phone: (r) => `+49151${digits(r, 8)}`,
  },
  {
    code: 'FR',
    locale: 'fr_FR',
    currency: 'EUR',
    vat: vatRates('FR', '5.50'),
    given: ['Emma', 'Gabriel', 'Jade', 'Louis', 'Chloé', 'Raphaël', 'Léa', 'Hugo'],
    family: ['Dubois', 'Martin', 'Bernard', 'Petit', 'Durand', 'Leroy', 'Moreau'],
    streets: ['Rue de Rivoli', 'Rue Sainte-Catherine', 'Boulevard Voltaire', 'Rue de la République'],
    cities: ['Paris', 'Lyon', 'Bordeaux', 'Lille', 'Nantes'],
    postal: (r) => String(10000 + Math.floor(r() * 85000)).padStart(5, '0'),
    phone: (r) => `+336${digits(r, 8)}`,
  },
  {
    code: 'GB',
    locale: 'en_GB',
    currency: 'GBP',
    vat: vatRates('GB', '5.00'),
    given: ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Freya'],
    family: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Davies', 'Evans'],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane'],
    cities: ['London', 'Manchester', 'Bristol', 'Leeds', 'Edinburgh'],
    postal: (r) => `${['SW1A', 'M1', 'BS1', 'LS1', 'EH1'][Math.floor(r() * 5)]} ${1 + Math.floor(r() * 9)}AA`,
    // 07700 900000–900999: numbers Ofcom keeps for drama, never given to anyone.
    phone: (r) => `+447700900${digits(r, 3)}`,
  },
  {
    code: 'IT',
    locale: 'it_IT',
    currency: 'EUR',
    vat: vatRates('IT', '10.00'),
    given: ['Marco', 'Giulia', 'Luca', 'Sofia', 'Matteo', 'Aurora', 'Andrea'],
    family: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo'],
    streets: ['Via Roma', 'Corso Vittorio Emanuele', 'Via Garibaldi', 'Via Dante'],
    cities: ['Milano', 'Roma', 'Torino', 'Bologna', 'Firenze'],
    postal: (r) => String(10000 + Math.floor(r() * 89999)),
    phone: (r) => `+39347${digits(r, 7)}`,
  },
  {
    code: 'ES',
    locale: 'es_ES',
    currency: 'EUR',
    vat: vatRates('ES', '10.00'),
    given: ['Lucía', 'Hugo', 'Martina', 'Mateo', 'Paula', 'Daniel'],
    family: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez'],
    streets: ['Calle Mayor', 'Gran Vía', 'Paseo de Gracia', 'Calle de Alcalá'],
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla'],
    postal: (r) => String(1000 + Math.floor(r() * 50000)).padStart(5, '0'),
    phone: (r) => `+346${digits(r, 8)}`,
  },
  {
    code: 'SE',
    locale: 'sv_SE',
    currency: 'SEK',
    vat: vatRates('SE', '12.00'),
    given: ['Alice', 'William', 'Maja', 'Elias', 'Ebba', 'Hugo'],
    family: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson'],
    streets: ['Drottninggatan', 'Storgatan', 'Kungsgatan', 'Vasagatan'],
    cities: ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala'],
    postal: (r) => `${100 + Math.floor(r() * 899)} ${10 + Math.floor(r() * 89)}`,
    phone: (r) => `+4670${digits(r, 7)}`,
  },
  {
    code: 'PL',
    locale: 'pl_PL',
    currency: 'PLN',
    vat: vatRates('PL', '8.00'),
    given: ['Zofia', 'Jakub', 'Zuzanna', 'Antoni', 'Hanna', 'Jan'],
    family: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kamiński'],
    // Polish surnames in -ski/-cki agree with the person: Zofia Kowalska, Jakub Kowalski.
    female: ['Zofia', 'Zuzanna', 'Hanna'],
    familyForm: (family, female) => (female ? family.replace(/(sk|ck|dzk)i$/, '$1a') : family),
    streets: ['ulica Marszałkowska', 'ulica Floriańska', 'ulica Piotrkowska', 'ulica Długa'],
    cities: ['Warszawa', 'Kraków', 'Łódź', 'Gdańsk'],
    postal: (r) => `${10 + Math.floor(r() * 89)}-${100 + Math.floor(r() * 899)}`,
    phone: (r) => `+48512${digits(r, 6)}`,
  },
]

/** Denmark: only the story people (stories.ts) live there, so the random countries' draws do not change. */
export const DENMARK: Country = {
  code: 'DK',
  locale: 'da_DK',
  currency: 'DKK',
  vat: vatRates('DK', '25.00'),
  given: ['Freja', 'William', 'Ida', 'Noah', 'Clara', 'Oscar'],
  family: ['Nielsen', 'Jensen', 'Hansen', 'Pedersen', 'Andersen'],
  streets: ['Nørrebrogade', 'Vesterbrogade', 'Strøget', 'Østergade'],
  cities: ['København', 'Aarhus', 'Odense', 'Aalborg'],
  postal: (r) => String(1000 + Math.floor(r() * 8999)),
  phone: (r) => `+452${digits(r, 7)}`,
}

export interface Person {
  givenName: string
  familyName: string
  email: string
  phone: string
  country: Country
  address: Address
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T
}

/** An e-mail local part from a name: lower case ASCII letters and dots. */
export function emailLocal(given: string, family: string): string {
  return `${given}.${family}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z.]+/g, '')
}

const TLDS = ['com', 'org', 'net'] as const

export function makePerson(random: () => number, country: Country = pick(COUNTRIES, random), n = 0): Person {
  const givenName = pick(country.given, random)
  const family = pick(country.family, random)
  const familyName = country.familyForm?.(family, country.female?.includes(givenName) ?? false) ?? family
  const email = `${emailLocal(givenName, familyName)}${n > 0 ? n : ''}@example.${pick(TLDS, random)}`
  const phone = country.phone(random)
  const address: Address = {
    givenName,
    familyName,
    email,
    phone,
    streetAndNumber: `${pick(country.streets, random)} ${1 + Math.floor(random() * 180)}`,
    postalCode: country.postal(random),
    city: pick(country.cities, random),
    country: country.code,
  }
  return { givenName, familyName, email, phone, country, address }
}

/** A seeded customer: its record, the person behind it, its mandate if any (merchant.ts). */
export interface SeedCustomer {
  data: CustomerData
  person: Person
  mandate?: Mandate
  /** the practice story this customer stands for (docs/SANDBOX.md) */
  story?: string
}
