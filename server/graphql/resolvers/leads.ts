/**
 * saveCalculatorLeadDialler, saveCalculatorOnlineAccount, sendRequestCallback: public, through the lead
 * provider (spec 002 s7). Each is counted first (rate limits `publicLead`, and `onlineAccount` for
 * account creation) per client address and per target e-mail, valid or not.
 */
import { submitCallback, submitLeadDialler, submitOnlineAccount, type CallbackInput, type EnquiryInput } from '../../leads/enquiry';
import { guard } from '../access';
import { enforceLimit } from '../rateLimits';

/** The contact e-mail an enquiry names, if it names one. */
const enquiryEmail = (input: EnquiryInput): string | null => {
  const contact = input?.contact;
  const email = contact !== null && typeof contact === 'object' ? (contact as Record<string, unknown>).email : null;
  return typeof email === 'string' ? email : null;
};

/** Resolvers of the lead mutations of crm.graphql. */
export const leadResolvers = {
  Mutation: {
    saveCalculatorLeadDialler: guard('public', async (args: { calcLeadDialler: EnquiryInput }, ctx) => {
      await enforceLimit(ctx, 'publicLead', enquiryEmail(args.calcLeadDialler));
      return submitLeadDialler(ctx, args.calcLeadDialler);
    }),
    saveCalculatorOnlineAccount: guard('public', async (args: { calcLeadOpp: EnquiryInput }, ctx) => {
      await enforceLimit(ctx, 'publicLead', enquiryEmail(args.calcLeadOpp));
      await enforceLimit(ctx, 'onlineAccount', enquiryEmail(args.calcLeadOpp));
      return submitOnlineAccount(ctx, args.calcLeadOpp);
    }),
    sendRequestCallback: guard('public', async (args: { payload: CallbackInput }, ctx) => {
      await enforceLimit(ctx, 'publicLead', args.payload.email);
      return submitCallback(ctx, args.payload);
    }),
  },
};
