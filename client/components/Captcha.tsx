import { useEffect, useRef } from 'react';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render(element: HTMLElement, options: { sitekey: string; language: string; 'response-field-name': string }): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

function isTurnstile(value: unknown): value is Turnstile {
  return (
    typeof value === 'object' &&
    value !== null &&
    'render' in value &&
    typeof value.render === 'function' &&
    'reset' in value &&
    typeof value.reset === 'function' &&
    'remove' in value &&
    typeof value.remove === 'function'
  );
}

function turnstileOf(value: unknown): Turnstile | null {
  return isTurnstile(value) ? value : null;
}

let loading: Promise<Turnstile | null> | null = null;

/**
 * The provider's script, loaded once and only when a captcha element is on the page,
 * with the page's nonce so the CSP allows it.
 */
function loadTurnstile(): Promise<Turnstile | null> {
  const ready = turnstileOf(Reflect.get(window, 'turnstile'));
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve(turnstileOf(Reflect.get(window, 'turnstile')));
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Cloudflare Turnstile inside a form: it adds the `cf-turnstile-response` field the
 * worker verifies. `resetKey` changes after every answer, because a token is single-use.
 */
export function Captcha({ id, siteKey, lang, resetKey }: { id: string; siteKey: string; lang: string; resetKey: number }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Turnstile; id: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadTurnstile().then((api) => {
      if (!live || !api || !box.current || widget.current) return;
      widget.current = { api, id: api.render(box.current, { sitekey: siteKey, language: lang, 'response-field-name': 'cf-turnstile-response' }) };
    });
    return () => {
      live = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey, lang]);
  useEffect(() => {
    if (resetKey > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [resetKey]);
  return <div ref={box} id={id} tabIndex={-1} className="captcha" data-sitekey={siteKey} />;
}
