/**
 * The analytics snippets of the providers a site configures (`analytics`, or `integrations` in
 * docs.json), as each provider documents them, written into built pages only: `kiln dev` never
 * sends page views. Every value from the settings goes into a script as a JSON string literal
 * with `<`, `>`, `&` and line separators escaped (it cannot end the script or break out of the
 * string), into URLs percent-encoded, and into attributes HTML-escaped.
 */
import type { Analytics } from '../../settings/types.js';
import { escapeHtml as attr, jsString } from '../encode.js';
const enc = encodeURIComponent;
const script = (code: string) => `<script>${code}</script>`;
/** Loads `src` (an expression) asynchronously, then runs `then` (the provider's init call). */
const loadThen = (src: string, then: string) =>
  `(function(d){var s=d.createElement("script");s.async=true;s.src=${src};s.onload=function(){${then}};d.head.appendChild(s)})(document);`;

/** `plausible.example.com` or `https://plausible.example.com/` → `https://plausible.example.com`. */
const origin = (server: string) => (/^https?:\/\//i.test(server) ? server : `https://${server}`).replace(/\/+$/, '');

type Snippet = { head: string; body?: string };

const PROVIDERS: { [K in keyof Analytics]-?: (config: NonNullable<Analytics[K]>) => Snippet } = {
  // https://developers.google.com/tag-platform/gtagjs/install
  ga4: ({ measurementId: id }) => ({
    head:
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${attr(enc(id))}"></script>` +
      script(`window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("js",new Date());gtag("config",${jsString(id)});`),
  }),
  // https://developers.google.com/tag-platform/tag-manager/web: the script in the head, the
  // <noscript> frame right after <body>.
  gtm: ({ tagId: id }) => ({
    head: script(
      `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":new Date().getTime(),event:"gtm.js"});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!="dataLayer"?"&l="+l:"";j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(i)+dl;f.parentNode.insertBefore(j,f);})(window,document,"script","dataLayer",${jsString(id)});`,
    ),
    body: `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${attr(enc(id))}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`,
  }),
  // https://posthog.com/docs/libraries/js: a stub that queues calls and loads array.js from the
  // assets host of `api_host`, then `posthog.init`.
  posthog: ({ apiKey, apiHost = 'https://us.i.posthog.com' }) => ({
    head: script(
      `!function(t,e){var o,n,p,r;e.__SV||(window.posthog=e,e._i=[],e.init=function(i,s,a){function g(t,e){var o=e.split(".");2==o.length&&(t=t[o[0]],e=o[1]),t[e]=function(){t.push([e].concat(Array.prototype.slice.call(arguments,0)))}}(p=t.createElement("script")).type="text/javascript",p.crossOrigin="anonymous",p.async=!0,p.src=s.api_host.replace(".i.posthog.com","-assets.i.posthog.com")+"/static/array.js",(r=t.getElementsByTagName("script")[0]).parentNode.insertBefore(p,r);var u=e;for(void 0!==a?u=e[a]=[]:a="posthog",u.people=u.people||[],u.toString=function(t){var e="posthog";return"posthog"!==a&&(e+="."+a),t||(e+=" (stub)"),e},u.people.toString=function(){return u.toString(1)+".people (stub)"},o="init capture register register_once unregister identify alias reset opt_in_capturing opt_out_capturing get_distinct_id".split(" "),n=0;n<o.length;n++)g(u,o[n]);e._i.push([i,s,a])},e.__SV=1)}(document,window.posthog||[]);` +
        `posthog.init(${jsString(apiKey)},{api_host:${jsString(apiHost.replace(/\/+$/, ''))}});`,
    ),
  }),
  // https://plausible.io/docs/plausible-script
  plausible: ({ domain, server = 'plausible.io' }) => ({
    head: `<script defer data-domain="${attr(domain)}" src="${attr(origin(server))}/js/script.js"></script>`,
  }),
  // https://usefathom.com/docs/script/embed
  fathom: ({ siteId }) => ({
    head: `<script src="https://cdn.usefathom.com/script.js" data-site="${attr(siteId)}" defer></script>`,
  }),
  // https://segment.com/docs/connections/sources/catalog/libraries/website/javascript/quickstart/:
  // the queueing stub, `analytics.load(writeKey)`, then a page view.
  segment: ({ key }) => ({
    head: script(
      `!function(){var i="analytics",a=window[i]=window[i]||[];if(a.initialize||a.invoked)return;a.invoked=!0;a.methods=["trackSubmit","trackClick","trackLink","trackForm","pageview","identify","reset","group","track","ready","alias","debug","page","screen","once","off","on","addSourceMiddleware","addIntegrationMiddleware","setAnonymousId","addDestinationMiddleware","register"];a.factory=function(e){return function(){if(window[i].initialized)return window[i][e].apply(window[i],arguments);var n=Array.prototype.slice.call(arguments);n.unshift(e);a.push(n);return a}};for(var n=0;n<a.methods.length;n++){var k=a.methods[n];a[k]=a.factory(k)}a.load=function(key,o){var t=document.createElement("script");t.type="text/javascript";t.async=!0;t.setAttribute("data-global-segment-analytics-key",i);t.src="https://cdn.segment.com/analytics.js/v1/"+encodeURIComponent(key)+"/analytics.min.js";var r=document.getElementsByTagName("script")[0];r.parentNode.insertBefore(t,r);a._loadOptions=o};` +
        `a._writeKey=${jsString(key)};a.SNIPPET_VERSION="5.2.0";a.load(${jsString(key)});a.page()}();`,
    ),
  }),
  // https://docs.mixpanel.com/docs/tracking-methods/sdks/javascript: the stub loads the library
  // and queues calls until it arrives; page views are tracked.
  mixpanel: ({ projectToken }) => ({
    head: script(
      `(function(f,b){if(!b.__SV){var e,g,i,h;window.mixpanel=b;b._i=[];b.init=function(e,f,c){function g(a,d){var b=d.split(".");2==b.length&&(a=a[b[0]],d=b[1]);a[d]=function(){a.push([d].concat(Array.prototype.slice.call(arguments,0)))}}var a=b;"undefined"!==typeof c?a=b[c]=[]:c="mixpanel";a.people=a.people||[];a.toString=function(a){var d="mixpanel";"mixpanel"!==c&&(d+="."+c);a||(d+=" (stub)");return d};a.people.toString=function(){return a.toString(1)+".people (stub)"};i="disable time_event track track_pageview track_links track_forms register register_once alias unregister identify name_tag set_config reset opt_in_tracking opt_out_tracking people.set people.set_once".split(" ");for(h=0;h<i.length;h++)g(a,i[h]);b._i.push([e,f,c])};b.__SV=1.2;e=f.createElement("script");e.type="text/javascript";e.async=!0;e.src="https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js";g=f.getElementsByTagName("script")[0];g.parentNode.insertBefore(e,g)}})(document,window.mixpanel||[]);` +
        `mixpanel.init(${jsString(projectToken)},{track_pageview:true});`,
    ),
  }),
  // https://amplitude.com/docs/sdks/analytics/browser/browser-sdk-2: the project's script from
  // the CDN, then `amplitude.init` (loaded asynchronously here, init once it has arrived).
  amplitude: ({ apiKey }) => ({
    head: script(
      `var kilnAmplitudeKey=${jsString(apiKey)};` +
        loadThen('"https://cdn.amplitude.com/script/"+encodeURIComponent(kilnAmplitudeKey)+".js"', 'window.amplitude&&window.amplitude.init(kilnAmplitudeKey,{fetchRemoteConfig:true,autocapture:true});'),
    ),
  }),
  // https://help.hotjar.com/hc/en-us/articles/115009336727 (the tracking code)
  hotjar: ({ hjid, hjsv = 6 }) => ({
    head: script(
      `(function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};h._hjSettings={hjid:${Number(hjid)},hjsv:${Number(hjsv)}};a=o.getElementsByTagName("head")[0];r=o.createElement("script");r.async=1;r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;a.appendChild(r);})(window,document,"https://static.hotjar.com/c/hotjar-",".js?sv=");`,
    ),
  }),
  // https://developers.heap.io/docs/web: the stub that queues calls, then `heap.load(appId)`.
  heap: ({ appId }) => ({
    head: script(
      `window.heap=window.heap||[],heap.load=function(e,t){window.heap.appid=e,window.heap.config=t=t||{};var r=document.createElement("script");r.type="text/javascript",r.async=!0,r.src="https://cdn.heapanalytics.com/js/heap-"+encodeURIComponent(e)+".js";var a=document.getElementsByTagName("script")[0];a.parentNode.insertBefore(r,a);for(var n=function(e){return function(){heap.push([e].concat(Array.prototype.slice.call(arguments,0)))}},p=["addEventProperties","addUserProperties","clearEventProperties","identify","resetIdentity","removeEventProperty","setEventProperties","track","unsetEventProperty"],o=0;o<p.length;o++)heap[p[o]]=n(p[o])};heap.load(${jsString(appId)});`,
    ),
  }),
  // https://learn.microsoft.com/en-us/clarity/setup-and-installation/clarity-setup
  clarity: ({ projectId }) => ({
    head: script(
      `(function(c,l,a,r,i,t,y){c[a]=c[a]||function(){(c[a].q=c[a].q||[]).push(arguments)};t=l.createElement(r);t.async=1;t.src="https://www.clarity.ms/tag/"+encodeURIComponent(i);y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);})(window,document,"clarity","script",${jsString(projectId)});`,
    ),
  }),
  // https://docs.pirsch.io/get-started/frontend-integration
  pirsch: ({ id }) => ({
    head: `<script defer src="https://api.pirsch.io/pa.js" id="pianjs" data-code="${attr(id)}"></script>`,
  }),
  // https://docs.logrocket.com/docs/quickstart: the script, then `LogRocket.init(appId)`.
  logrocket: ({ appId }) => ({
    head: script(`var kilnLogRocketId=${jsString(appId)};` + loadThen('"https://cdn.lr-ingest.com/LogRocket.min.js"', 'window.LogRocket&&window.LogRocket.init(kilnLogRocketId);')),
  }),
};

/** The snippets of every configured provider: what goes at the end of `<head>` and right after `<body>`. */
export function analyticsSnippets(analytics: Analytics | undefined): { head: string; body: string } {
  let head = '';
  let body = '';
  for (const [name, config] of Object.entries(analytics ?? {})) {
    if (!config) continue;
    const s = (PROVIDERS[name as keyof Analytics] as (c: unknown) => Snippet)(config);
    head += s.head;
    body += s.body ?? '';
  }
  return { head, body };
}

/** A built page with the analytics snippets in; in `kiln dev` (or without providers) the page as it is. */
export function withAnalytics(html: string, analytics: Analytics | undefined, dev: boolean): string {
  if (dev || !analytics) return html;
  const { head, body } = analyticsSnippets(analytics);
  // Function replacements: a `$&` in a settings value must stay literal text.
  let out = head ? html.replace('</head>', () => head + '</head>') : html;
  if (body) out = out.replace(/<body[^>]*>/, (tag) => tag + body);
  return out;
}
