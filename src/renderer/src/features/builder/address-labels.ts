import type { AddressKey } from '../../../../shared/order-builder'

/** The agent's words; the API's names are under each field's "API details". */
export const ADDRESS_LABELS: Record<AddressKey, string> = {
  title: 'Title (Mr, Ms…)',
  givenName: 'First name',
  familyName: 'Last name',
  organizationName: 'Company',
  streetAndNumber: 'Street and number',
  streetAdditional: 'Apartment, floor (extra line)',
  postalCode: 'Postal code',
  email: 'Customer e-mail',
  phone: 'Phone (international, +31…)',
  city: 'City',
  region: 'Region or province',
  country: 'Country (two letters: NL, DE…)',
}
