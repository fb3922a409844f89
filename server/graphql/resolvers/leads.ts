/** saveCalculatorLeadDialler, saveCalculatorOnlineAccount, sendRequestCallback: public, through the lead provider (spec 002 s7). */
import { submitCallback, submitLeadDialler, submitOnlineAccount, type CallbackInput, type EnquiryInput } from '../../leads/enquiry';
import { guard } from '../access';

/** Resolvers of the lead mutations of crm.graphql. */
export const leadResolvers = {
  Mutation: {
    saveCalculatorLeadDialler: guard('public', (args: { calcLeadDialler: EnquiryInput }, ctx) => submitLeadDialler(ctx, args.calcLeadDialler)),
    saveCalculatorOnlineAccount: guard('public', (args: { calcLeadOpp: EnquiryInput }, ctx) => submitOnlineAccount(ctx, args.calcLeadOpp)),
    sendRequestCallback: guard('public', (args: { payload: CallbackInput }, ctx) => submitCallback(ctx, args.payload)),
  },
};
