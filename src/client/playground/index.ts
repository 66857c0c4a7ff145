/**
 * The API playground (a separate chunk, loaded by ./load.ts): reads the server-rendered form,
 * builds the request with ./request.ts, sends it with fetch and shows the response as text.
 *
 * Credentials: kept in sessionStorage, or in localStorage when the reader ticks "Remember"; sent
 * only in requests whose URL lies under the selected base URL (request.ts refuses anything else),
 * with `credentials: "omit"` (no cookies of the docs site) and `redirect: "manual"` (a redirect is
 * reported, never followed, so headers cannot travel to another origin).
 */
import { highlightSnippet, snippetLanguage, snippetParts, type SnippetAuth } from './live-snippets.js';
import { buildRequest, cookieProblem, formatBody, PlaygroundError, resolveServer, type AuthValue, type BodyInput, type ParamLocation, type ParamValue } from './request.js';

const STORE_KEY = 'kiln-playground-auth';

type Stored = Record<string, string>;

function readStore(storage: Storage | undefined): Stored | undefined {
  try {
    const raw = storage?.getItem(STORE_KEY);
    const v: unknown = raw ? JSON.parse(raw) : undefined;
    return v && typeof v === 'object' ? (v as Stored) : undefined;
  } catch {
    return undefined;
  }
}

function safeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

const authId = (el: HTMLInputElement) => `${el.dataset.authKey}:${el.dataset.authField}`;

function init(root: HTMLDetailsElement): void {
  const form = root.querySelector<HTMLFormElement>('.pg-form');
  if (!form) return;
  const q = <T extends Element>(sel: string) => root.querySelector<T>(sel);
  const error = q<HTMLElement>('.pg-error')!;
  const out = q<HTMLElement>('.pg-response')!;
  const send = q<HTMLButtonElement>('.pg-send')!;
  const authInputs = [...root.querySelectorAll<HTMLInputElement>('[data-auth-key]')];
  const remember = q<HTMLInputElement>('.pg-remember-input');
  const server = q<HTMLInputElement | HTMLSelectElement>('.pg-server')!;

  // Credentials: remembered ones first, else this session's.
  const local = safeStorage('local');
  const session = safeStorage('session');
  const remembered = readStore(local);
  const stored = remembered ?? readStore(session);
  if (remember) remember.checked = !!remembered;
  if (stored) for (const el of authInputs) if (typeof stored[authId(el)] === 'string') el.value = stored[authId(el)]!;
  const save = () => {
    const values: Stored = { ...(remember?.checked ? readStore(local) : readStore(session)) };
    for (const el of authInputs) values[authId(el)] = el.value;
    const [keep, drop] = remember?.checked ? [local, session] : [session, local];
    try {
      keep?.setItem(STORE_KEY, JSON.stringify(values));
      drop?.removeItem(STORE_KEY);
    } catch {
      /* storage full or disabled: the inputs still work */
    }
  };
  // The same scheme may appear in several alternatives: its inputs hold one value.
  for (const el of authInputs) {
    el.addEventListener('input', () => {
      for (const twin of authInputs) if (twin !== el && authId(twin) === authId(el)) twin.value = el.value;
      save();
    });
  }
  remember?.addEventListener('change', save);

  // Several ways to authenticate: only the chosen one's inputs show, and only they are sent.
  const authSet = q<HTMLSelectElement>('.pg-auth-set');
  const syncAuthSet = () => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-auth-set]')) el.hidden = el.dataset.authSet !== authSet?.value;
  };
  authSet?.addEventListener('change', syncAuthSet);
  if (authSet) syncAuthSet();
  const chosen = (el: HTMLElement) => {
    const set = el.closest<HTMLElement>('[data-auth-set]');
    return !set || !authSet || set.dataset.authSet === authSet.value;
  };

  // Server variables: show the ones the selected server uses.
  const syncVars = () => {
    for (const el of root.querySelectorAll<HTMLElement>('.pg-server-var')) el.hidden = !server.value.includes(`{${el.dataset.var}}`);
  };
  server.addEventListener('change', syncVars);
  syncVars();

  const baseUrl = () => {
    const vars: Record<string, string> = {};
    for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-server-var]')) vars[el.dataset.serverVar!] = el.value;
    return resolveServer(server.value, vars);
  };

  const paramInputs = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-param-in]')];
  const params = (value = (el: HTMLInputElement | HTMLSelectElement) => el.value): ParamValue[] =>
    paramInputs.map((el) => ({ name: el.dataset.paramName!, in: el.dataset.paramIn as ParamLocation, value: value(el) }));

  const auth = (): AuthValue[] => {
    const byKey = new Map<string, HTMLInputElement[]>();
    for (const el of authInputs.filter(chosen)) byKey.set(el.dataset.authKey!, [...(byKey.get(el.dataset.authKey!) ?? []), el]);
    const list: AuthValue[] = [];
    for (const els of byKey.values()) {
      const field = (f: string) => els.find((el) => el.dataset.authField === f);
      const kind = els[0]!.dataset.authKind;
      if (kind === 'bearer') list.push({ kind: 'bearer', token: field('token')?.value ?? '' });
      else if (kind === 'basic') list.push({ kind: 'basic', username: field('username')?.value ?? '', password: field('password')?.value ?? '' });
      else if (kind === 'apiKey') {
        const el = field('value')!;
        list.push({ kind: 'apiKey', name: el.dataset.authName!, in: (el.dataset.authIn as 'header' | 'query' | 'cookie') ?? 'header', value: el.value });
      }
    }
    return list;
  };

  // The body: a form body's fields (file inputs among them), else the editor's text.
  const bodyGroup = q<HTMLElement>('.pg-body-group');
  const bodyFields = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-body-field]')];
  const isFile = (el: HTMLInputElement | HTMLSelectElement): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'file';
  const body = (): BodyInput | undefined => {
    if (!bodyGroup) return undefined;
    const contentType = bodyGroup.dataset.contentType!;
    if (!bodyFields.length) return { contentType, text: q<HTMLTextAreaElement>('.pg-body-input')?.value ?? '' };
    return { contentType, fields: bodyFields.map((el) => (isFile(el) ? { name: el.dataset.bodyField!, files: [...(el.files ?? [])] } : { name: el.dataset.bodyField!, value: el.value })) };
  };

  const show = (selector: string, text: string) => {
    const el = q<HTMLElement>(selector);
    if (el) el.textContent = text;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    let request;
    try {
      request = buildRequest({ method: form.dataset.method!, path: form.dataset.path!, baseUrl: baseUrl(), params: params(), auth: auth(), pageUrl: location.href, body: body() });
    } catch (e) {
      error.textContent = e instanceof PlaygroundError ? e.message : String(e);
      error.hidden = false;
      return;
    }
    const problem = cookieProblem(request, location.href);
    if (problem) {
      error.textContent = problem;
      error.hidden = false;
      return;
    }
    // Same origin: the cookies are set for the API's path only, sent, and removed.
    const cookiePath = new URL(request.url).pathname.replace(/\/[^/]*$/, '') || '/';
    const setCookies = (expire: boolean) => {
      for (const c of request.cookies) document.cookie = `${c}; path=${cookiePath}; SameSite=Strict${location.protocol === 'https:' ? '; Secure' : ''}${expire ? '; Max-Age=0' : ''}`;
    };
    send.disabled = true;
    send.setAttribute('aria-busy', 'true');
    const started = performance.now();
    try {
      setCookies(false);
      const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, credentials: request.cookies.length ? 'same-origin' : 'omit', redirect: 'manual', cache: 'no-store', referrerPolicy: 'no-referrer' });
      setCookies(true);
      const text = await res.text();
      const ms = Math.round(performance.now() - started);
      out.hidden = false;
      out.dataset.status = res.type === 'opaqueredirect' ? 'redirect' : String(res.status);
      show('.pg-status', res.type === 'opaqueredirect' ? 'Redirect (not followed)' : `${res.status} ${res.statusText}`.trim());
      show('.pg-time', `${ms} ms`);
      const headers: string[] = [];
      res.headers.forEach((v, k) => headers.push(`${k}: ${v}`));
      show('.pg-headers-text', headers.join('\n') || '(none readable: the API exposes no headers to browsers)');
      // textContent only: a response is never parsed as HTML.
      show('.pg-response-body code', formatBody(text, res.headers.get('content-type')).text || '(empty body)');
    } catch (e) {
      setCookies(true);
      out.hidden = false;
      out.dataset.status = 'error';
      show('.pg-status', 'Request failed');
      show('.pg-time', `${Math.round(performance.now() - started)} ms`);
      show('.pg-headers-text', '');
      show('.pg-response-body code', `${(e as Error).message}\n\nThe API may be unreachable, or may not allow requests from this site (CORS).`);
    } finally {
      send.disabled = false;
      send.removeAttribute('aria-busy');
    }
  });

  // The generated request examples beside the endpoint follow the form as the reader types.
  const examples = document.querySelector<HTMLElement>('.request-example[data-snippets]');
  if (examples) {
    const kinds = examples.dataset.snippets!.split(',');
    const codes = [...examples.querySelectorAll<HTMLElement>('pre code')];
    const untouched = (el: HTMLInputElement) => el.value !== '' && el.value === el.defaultValue;
    const snippetAuth = (): SnippetAuth[] =>
      auth().map((a): SnippetAuth => {
        if (a.kind === 'basic') return a;
        const el = authInputs.find((i) => chosen(i) && i.dataset.authKind === a.kind && (a.kind === 'bearer' || i.dataset.authName === a.name));
        return { ...a, untouched: !!el && untouched(el) } as SnippetAuth;
      });
    // An empty field the reader has not touched shows its example (the input's placeholder, when
    // api.examples.prefill leaves the form empty), as the build's examples did: typing a token
    // does not take the example body out of them. Send sends only what the form holds.
    const touched = new WeakSet<EventTarget>();
    const orExample = (el: Element | null, value: string) => (value === '' && el && !touched.has(el) && el instanceof HTMLElement && 'placeholder' in el ? String(el.placeholder) : value);
    // File parts by the names of the files chosen (the examples show a file by its name).
    const snippetBody = () => {
      const b = body();
      if (!b) return b;
      if (!b.fields) return { contentType: b.contentType, text: orExample(q('.pg-body-input'), b.text ?? '') };
      return { contentType: b.contentType, fields: b.fields.map((f, i) => ('files' in f ? { name: f.name, files: f.files.map((file) => file.name), multiple: (bodyFields[i] as HTMLInputElement).multiple } : { ...f, value: orExample(bodyFields[i]!, f.value) })) };
    };
    const update = () => {
      const parts = snippetParts({ method: form.dataset.method!, path: form.dataset.path!, baseUrl: baseUrl(), params: params((el) => orExample(el, el.value)), auth: snippetAuth(), body: snippetBody() });
      kinds.forEach((kind, i) => {
        const code = codes[i];
        // Every piece of text is escaped by highlightSnippet: what the reader typed stays text.
        const language = snippetLanguage(kind);
        if (code && language) code.innerHTML = highlightSnippet(kind, language.make(parts));
      });
    };
    for (const type of ['input', 'change']) form.addEventListener(type, (event) => event.target && touched.add(event.target));
    form.addEventListener('input', update);
    form.addEventListener('change', update);
  }

  root.hidden = false;
}

for (const root of document.querySelectorAll<HTMLDetailsElement>('details.api-playground')) {
  try {
    init(root);
  } catch (error) {
    console.error('[kiln]', error);
  }
}
