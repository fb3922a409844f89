/** A valid AU calculator enquiry for the server suites (the ABN passes its check digit; empty shortlist). */
import { abnFor } from '../../../server/seed/referenceData';

/** An enquiry whose contact e-mail is `email`; `enquireType` 'register' creates an online account. */
export const enquiry = (email: string, enquireType: 'call' | 'register' = 'register') => ({
  enquireType,
  customer: { name: 'Fixture Freight', abn: abnFor(123456789) },
  contact: { firstName: 'Erin', lastName: 'Enquirer', phone: '0412345678', email, postCode: '2000' },
  fleetSize: '3',
  yearsTrading: { value: '2 - 5 years' },
  shortlists: [],
});
