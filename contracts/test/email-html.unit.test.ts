/**
 * Every e-mail has an HTML version built by one function from its text (issue 24): marked with the
 * language whose words it uses, paragraphs and line breaks kept, and the names users typed escaped.
 */
import { describe, expect, it } from '@jest/globals';
import { renderCodeEmail, renderMatchEmail, textLocale, unreadMessageEmail } from '../src';

describe('e-mail HTML', () => {
  it('says the text again, paragraph by paragraph, in a block marked with its language', () => {
    const email = renderMatchEmail({ caseid: 'SC-1', otherCaseid: 'SC-2', complete: true }, 'Kamala', 'hi');
    expect(email.html).toBe(
      '<div lang="hi" dir="ltr">' +
        email.text
          .split('\n\n')
          .map((paragraph) => `<p>${paragraph.replaceAll('"', '&quot;').replaceAll('\n', '<br>')}</p>`)
          .join('') +
        '</div>',
    );
  });

  it('escapes the names users typed', () => {
    const name = '<img src=x onerror="alert(1)">&';
    for (const html of [
      renderMatchEmail({ caseid: 'SC-1', otherCaseid: 'SC-2', complete: false }, name).html,
      unreadMessageEmail(name, name, 'hi').html,
    ]) {
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;');
    }
  });

  it('shows the sign-in code alone in large type; a language without texts yet is marked English', () => {
    const email = renderCodeEmail('123456');
    expect(email.html).toContain('<p style="font-size:28px;letter-spacing:6px"><strong>123456</strong></p>');
    expect(email.text).toContain('123456');
    expect(renderCodeEmail('123456', 'ml').html).toMatch(new RegExp(`^<div lang="${textLocale('ml')}"`));
  });
});
