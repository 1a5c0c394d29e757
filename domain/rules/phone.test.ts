import { describe, it, expect } from 'vitest';
import { formatPhone, phoneHref } from './phone.ts';

describe('formatPhone', () => {
  it.each([
    ['10 digits', '0471234567', '0471 23 45 67'],
    ['9 digits', '081234567', '081 23 45 67'],
    ['10 digits with slash and dots', '0471/23.45.67', '0471 23 45 67'],
    ['9 digits with dash', '081-23 45 67', '081 23 45 67'],
    ['already formatted', '0471 23 45 67', '0471 23 45 67'],
    ['odd spacing', '  04 71 23 45 6 7 ', '0471 23 45 67'],
    ['NBSP separators', '0471\u00A023\u00A045\u00A067', '0471 23 45 67'],
    ['tab separators', '081\t23\t45\t67', '081 23 45 67'],
    ['8 digits unchanged', '08123456', '08123456'],
    ['11 digits unchanged', '04712345678', '04712345678'],
    ['0032 international unchanged', '0032 471 23 45 67', '0032 471 23 45 67'],
    ['+32 unchanged', '+32 471 23 45 67', '+32 471 23 45 67'],
    ['+32 with 9 digits after stripping is still unchanged', '+32 81234567', '+32 81234567'],
    ['parentheses unchanged', '(081) 23 45 67', '(081) 23 45 67'],
    ['letters unchanged', 'gsm 0471234567', 'gsm 0471234567'],
    ['extension unchanged', '081234567 ext 12', '081234567 ext 12'],
    ['full-width digits unchanged', '０４７１２３４５６７', '０４７１２３４５６７'],
    ['emoji unchanged', '📞 0471234567', '📞 0471234567'],
    ['only separators unchanged', ' / . - ', ' / . - '],
    ['empty string', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
  ])('%s', (_label, value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });
});

describe('phoneHref', () => {
  it.each([
    ['national', '0471 23 45 67', 'tel:0471234567'],
    ['separators', '081/23.45-67', 'tel:081234567'],
    ['international plus', '+32 471 23 45 67', 'tel:+32471234567'],
    ['plus after leading space', ' +32 81 23 45 67', 'tel:+3281234567'],
    ['plus inside is dropped', '0032+471', 'tel:0032471'],
    ['0032 prefix kept', '0032 471 23 45 67', 'tel:0032471234567'],
    ['labels dropped', 'gsm: 0471 23 45 67', 'tel:0471234567'],
    ['NBSP', '0471\u00A0234567', 'tel:0471234567'],
    ['full-width digits are not dialable', '０４７１', null],
    ['only a plus', '+', null],
    ['no digits', 'bel ons', null],
    ['emoji only', '📞', null],
    ['empty', '', null],
    ['null', null, null],
    ['undefined', undefined, null],
  ])('%s', (_label, value, expected) => {
    expect(phoneHref(value)).toBe(expected);
  });
});
