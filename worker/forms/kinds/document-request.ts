/**
 * The documents of one property or project. The same answer whatever the property, its
 * documents or an earlier request by this address: an unknown property, or a second request
 * (the first is kept), stores nothing.
 */
import { alreadyRequested } from '../../leads/store.ts';
import { defineForm, acknowledged } from '../define.ts';

export const documentRequestForm = defineForm('document-request', {
  done: 'DOCUMENTS_BY_EMAIL',
  notStored: 'DOCUMENT_REQUEST_ERROR',
  ...acknowledged,
  crm: true,
  steps: {
    async check({ fields, repo, lang, db }) {
      const { propertyId = null, projectId = null, email } = fields;
      const exists = (propertyId !== null && (await repo.listing(lang)).some((card) => card.id === propertyId)) || (projectId !== null && (await repo.project(lang, projectId)) !== null);
      if (!exists || (await alreadyRequested(db, email, { propertyId, projectId }))) return { answerOnly: true };
      return null;
    },
  },
});
