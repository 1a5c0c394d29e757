/**
 * A written purchase offer: the agency hears of it, the buyer gets its receipt.
 */
import { defineForm, acknowledged } from '../define.ts';

export const purchaseOfferForm = defineForm('purchase-offer', { done: 'THANKS_OFFER', ...acknowledged, crm: true, steps: {} });
