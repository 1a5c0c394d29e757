import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { answerOf } from './answers.ts';
import { omnicasaItems } from './omnicasa/api.ts';
import { whiseToken } from './whise/api.ts';
import { FeedError } from '../crm-bounds.ts';

describe('a CRM answer is read by its documented shape at the edge', () => {
  const token = z.looseObject({ token: z.string().min(1) });

  it.each([
    ['no token', {}, /Whise \/token: unexpected answer \(token: /],
    ['a number for a token', { token: 42 }, /token: /],
    ['an empty token', { token: '' }, /token: /],
    ['a list for an object', [{ token: 'x' }], /body: /],
    ['nothing', null, /unexpected answer/],
  ])('%s is a FeedError naming the call and the field', (_, answer, message) => {
    expect(() => answerOf(token, answer, 'Whise /token')).toThrow(FeedError);
    expect(() => answerOf(token, answer, 'Whise /token')).toThrow(message);
  });

  it('fields the site does not read pass through untouched', () => {
    expect(answerOf(token, { token: 't', expires: 3600 }, 'Whise /token')).toEqual({ token: 't', expires: 3600 });
  });

  it.each([
    ['a list', [{ ID: 1 }], [{ ID: 1 }]],
    ['a list in Items', { Items: [{ ID: 2 }], RowCount: 1 }, [{ ID: 2 }]],
    ['Items that are no list', { Items: 'none' }, []],
    ['nothing', null, []],
  ])('Omnicasa items: %s', (_, answer, items) => {
    expect(omnicasaItems(answer)).toEqual(items);
  });

  it('a Whise token endpoint answering nonsense stops the call with the call’s name', async () => {
    const fetcher = async () => Response.json({ token: { nested: true } });
    await expect(whiseToken({ url: 'https://api.whise.test', user: 'u', password: 'p', clientId: '1', officeId: '2' }, fetcher)).rejects.toThrow(/Whise \/token: unexpected answer/);
  });
});
