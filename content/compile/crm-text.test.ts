import { describe, expect, it } from 'vitest';
import { crmText } from './crm-text.ts';

describe('crmText', () => {
  it.each([
    ['plain paragraphs', '<p>Belle maison.</p><p>Jardin <strong>sud</strong>.</p>', '<p>Belle maison.</p><p>Jardin <strong>sud</strong>.</p>'],
    ['lists and breaks', '<ul><li>3 ch.</li></ul>Ligne<br>suivante', '<ul><li>3 ch.</li></ul>Ligne<br />suivante'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">Maison', 'Maison'],
    ['an iframe', '<iframe src="https://evil.example/login"></iframe>Maison', 'Maison'],
    ['a style that blanks the page', '<style>body{display:none}</style>Maison', 'Maison'],
    ['a script', '<script>alert(1)</script>Maison', 'Maison'],
    ['an event handler and a class', '<p onclick="x()" class="big" style="color:red">Maison</p>', '<p>Maison</p>'],
    ['a link', '<a href="https://evil.example">ici</a>', 'ici'],
    ['an image pixel', '<img src="https://tracker.example/p.gif">Maison', 'Maison'],
    ['a form', '<form action="https://evil.example"><input name="iban"></form>Maison', 'Maison'],
    ['an escaped tag stays text', '&lt;script&gt;', '&lt;script&gt;'],
  ])('%s', (_what, html, shown) => {
    expect(crmText(html)).toBe(shown);
  });
});
