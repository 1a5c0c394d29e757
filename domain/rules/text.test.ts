import { describe, it, expect } from 'vitest';
import { isEmptyText, cleanDescription, cutDescription, summarize } from './text.ts';

describe('isEmptyText', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [' ', true],
    ['\t\n\r ', true],
    ['\u00A0', true],
    ['\u2003\u3000', true],
    ['\uFEFF', true],
    ['a', false],
    [' a ', false],
    ['0', false],
    ['\u200B', false],
    ['\u0301', false],
    ['🏠', false],
  ])('isEmptyText(%j) → %s', (value, expected) => {
    expect(isEmptyText(value)).toBe(expected);
  });
});

describe('cleanDescription', () => {
  it.each([
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['empty', '', ''],
    ['only whitespace', ' \n\t ', ''],
    ['plain text', 'Mooie woning', 'Mooie woning'],
    ['inline tags glue', '<b>Mooi</b>e wo<i>n</i>ing', 'Mooie woning'],
    ['block tags separate words', '<p>Eerste</p><p>Tweede</p>', 'Eerste Tweede'],
    ['br separates words', 'een<br>twee<br/>drie<BR />vier', 'een twee drie vier'],
    ['li separates words', '<ul><li>tuin</li><li>garage</li></ul>', 'tuin garage'],
    ['attributes', '<a href="https://x.be/?a=1&amp;b=2" class="x">link</a>', 'link'],
    ['script contents dropped', 'voor<script type="text/javascript">alert("x<y")</script>na', 'voor na'],
    ['style contents dropped', '<style>p { color: red }</style>tekst', 'tekst'],
    ['uppercase SCRIPT dropped', 'a<SCRIPT>evil()</SCRIPT >b', 'a b'],
    ['unclosed script eats the rest', 'a<script>evil()', 'a'],
    ['comments dropped', 'a<!-- <p>x</p> -->b', 'a b'],
    ['doctype dropped', '<!DOCTYPE html>tekst', 'tekst'],
    ['less-than in text survives', '3 < 5 en 7 > 6', '3 < 5 en 7 > 6'],
    ['encoded tag stays text', '&lt;script&gt;x&lt;/script&gt;', '<script>x</script>'],
    ['no double decoding', '&amp;lt;', '&lt;'],
    ['named entities', '&amp; &lt; &gt; &quot; &#39; &apos;', "& < > \" ' '"],
    ['accents', '&eacute;&egrave;&agrave;&ccedil;&ecirc;&euml;&icirc;&ocirc;&uuml;', 'éèàçêëîôü'],
    ['euro', '&euro; 285.000', '€ 285.000'],
    ['decimal numeric', 'caf&#233;', 'café'],
    ['hex numeric', 'caf&#xE9; caf&#Xe9;', 'café café'],
    ['emoji numeric', '&#128512; &#x1F3E0;', '😀 🏠'],
    ['NUL becomes replacement', 'a&#0;b', 'a\uFFFDb'],
    ['surrogate becomes replacement', 'a&#xD800;b', 'a\uFFFDb'],
    ['out of range becomes replacement', 'a&#x110000;b', 'a\uFFFDb'],
    ['unknown entity kept', '&foo; &amp', '&foo; &amp'],
    ['nbsp collapses', 'a&nbsp;&nbsp;b\u00A0\u00A0c', 'a b c'],
    ['whitespace collapses and trims', '  a \n\n\t b  ', 'a b'],
    ['combining accents kept', 'Cafe\u0301', 'Cafe\u0301'],
    ['emoji kept', '<p>🏡 Tuin</p>', '🏡 Tuin'],
  ])('%s', (_label, html, expected) => {
    expect(cleanDescription(html)).toBe(expected);
  });
});

describe('cutDescription', () => {
  // 10-char limit: a space counts only at index > 8, i.e. 9 or 10 (10 = right at the cut).
  it.each([
    ['null', null, 10, true, ''],
    ['undefined', undefined, 10, true, ''],
    ['empty', '', 10, true, ''],
    ['shorter than limit', 'abc', 10, true, 'abc'],
    ['exactly the limit', 'abcdefghij', 10, true, 'abcdefghij'],
    ['one over, no space', 'abcdefghijk', 10, true, 'abcdefghij…'],
    ['space at index 8 is not beyond 80%', 'abcdefgh jklmno', 10, true, 'abcdefgh j…'],
    ['space at index 9 is beyond 80%', 'abcdefghi klmno', 10, true, 'abcdefghi…'],
    ['space right at the cut splits no word', 'abcdefghij lmno', 10, true, 'abcdefghij…'],
    ['ellipsis off', 'abcdefghi klmno', 10, false, 'abcdefghi'],
    ['ellipsis off, no space', 'abcdefghijk', 10, false, 'abcdefghij'],
    ['spaces before the cut are trimmed', 'abcdefgh  klmno', 10, true, 'abcdefgh…'],
    ['space at 70% is ignored', 'abcdefg  jklmno', 10, true, 'abcdefg  j…'],
    ['NBSP counts as a space', 'abcdefghi\u00A0klmno', 10, true, 'abcdefghi…'],
    ['emoji counts as one character', '🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠', 10, true, '🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠…'],
    ['emoji not split at the cut', 'abcdefghi🏠xyz', 10, true, 'abcdefghi🏠…'],
    ['ZWJ family is one character', 'abcdefghi👨‍👩‍👧xyz', 10, true, 'abcdefghi👨‍👩‍👧…'],
    ['combining accent stays with its letter', 'abcdefghie\u0301xyz', 10, true, 'abcdefghie\u0301…'],
    ['combining accents do not count', 'e\u0301e\u0301e\u0301', 3, true, 'e\u0301e\u0301e\u0301'],
  ])('%s', (_label, text, limit, ellipsis, expected) => {
    expect(cutDescription(text, limit, ellipsis)).toBe(expected);
  });

  it.each([
    ['exactly 250', 250, false],
    ['251', 251, true],
  ])('default limit 250: %s characters cut → %s', (_label, length, cut) => {
    const text = 'x'.repeat(length);
    expect(cutDescription(text).endsWith('…')).toBe(cut);
    expect(cutDescription(text).length).toBe(cut ? 251 : 250);
  });

  it('default limit: space at index 201 (> 200) is used, at 200 it is not', () => {
    expect(cutDescription(`${'a'.repeat(201)} ${'b'.repeat(100)}`)).toBe(`${'a'.repeat(201)}…`);
    expect(cutDescription(`${'a'.repeat(200)} ${'b'.repeat(100)}`)).toBe(`${'a'.repeat(200)} ${'b'.repeat(49)}…`);
  });

  it.each([[0], [-1], [Number.NaN], [2.5], [Number.POSITIVE_INFINITY]])('rejects limit %s', (limit) => {
    expect(() => cutDescription('abc', limit)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it.each([
    ['null', null, undefined, ''],
    ['cleans then cuts at the space', '<p>Prachtige&nbsp;villa</p><p>met tuin</p>', 11, 'Prachtige…'],
    ['cleans then cuts mid-word', '<p>Prachtige&nbsp;villa</p><p>met tuin</p>', 14, 'Prachtige vill…'],
    ['short text untouched', '<b>Studio</b>', undefined, 'Studio'],
    ['default limit', `<p>${'a'.repeat(300)}</p>`, undefined, `${'a'.repeat(250)}…`],
  ])('%s', (_label, html, limit, expected) => {
    expect(summarize(html, limit)).toBe(expected);
  });
});
