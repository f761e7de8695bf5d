import { documentTime } from '../../../schema/bol';
import { TRACKING_MESSAGES, type TrackingView } from '../../../schema/tracking';
import { escapeHtml as escape, publicLayout } from '../../http/publicPage';

/**
 * The tracking page (GET /track/{token}, docs/product/tracking.md#page): made on the server from the same view as its
 * JSON, every text escaped, and one small inline script (allowed by its hash, server/http/publicPage.ts) that reads
 * the JSON again every refreshSeconds and writes each field as text (textContent), so a pickup shows without reload.
 * Without script the page is whole; it just does not move.
 */

const STYLE = `
.status{font-size:1.9rem;font-weight:700;margin:16px 0 0;color:#0d47a1}
.badge{display:inline-block;font-size:.8rem;font-weight:600;color:#555;border:1px solid #bbb;border-radius:12px;padding:0 10px;margin-top:8px}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin:16px 0}
.card{border:1px solid #ddd;border-radius:6px;padding:12px 14px}
.card h2{font-size:.85rem;text-transform:uppercase;letter-spacing:.04em;color:#555;margin:0 0 4px}
.big{font-size:1.2rem;font-weight:600;margin:0}
ul{padding-left:20px;margin:4px 0}
[hidden]{display:none !important}
@media (max-width:560px){.grid{grid-template-columns:1fr}}
`;

/** Reads the JSON again and writes each field; on a link that stopped working, loads the page that says why. */
export const TRACKING_SCRIPT = `(function(){
var body=document.body,zone=body.getAttribute('data-zone'),every=Number(body.getAttribute('data-refresh'))||20;
var url=location.pathname.replace(/\\/+$/,'')+'/state';
var day=new Intl.DateTimeFormat('en-US',{timeZone:zone,month:'2-digit',day:'2-digit',year:'numeric'});
var clock=new Intl.DateTimeFormat('en-US',{timeZone:zone,hour:'numeric',minute:'2-digit',timeZoneName:'short'});
function get(o,p){return p.split('.').reduce(function(v,k){return v==null?v:v[k];},o);}
function time(v){if(!v)return '';var d=new Date(v);return isNaN(d)?'':day.format(d)+' '+clock.format(d);}
function apply(v){
document.querySelectorAll('[data-field]').forEach(function(el){var x=get(v,el.getAttribute('data-field'));el.textContent=x==null?'':String(x);});
document.querySelectorAll('[data-time]').forEach(function(el){el.textContent=time(get(v,el.getAttribute('data-time')));});
document.querySelectorAll('[data-show]').forEach(function(el){el.hidden=!get(v,el.getAttribute('data-show'));});
document.querySelectorAll('[data-hide]').forEach(function(el){el.hidden=!!get(v,el.getAttribute('data-hide'));});
var bol=document.getElementById('bol');if(bol&&v.bolUrl)bol.setAttribute('href',v.bolUrl);
body.setAttribute('data-status',v.status);}
function tick(){fetch(url,{cache:'no-store',credentials:'omit'}).then(function(r){
if(r.status===404||r.status===410){location.reload();return null;}return r.ok?r.json():null;})
.then(function(j){if(j&&j.value)apply(j.value);},function(){})
.then(function(){setTimeout(tick,every*1000);});}
setTimeout(tick,every*1000);})();`;

export function trackingPage(view: TrackingView, timeZone: string): string {
  const time = (instant: string | null) => escape(documentTime(instant, timeZone));
  const field = (path: string, value: string) => `<span data-field="${path}">${escape(value)}</span>`;
  const place = (prefix: string, stop: { city: string; state: string }) =>
    `${field(`${prefix}.city`, stop.city)}, ${field(`${prefix}.state`, stop.state)}`;
  const shown = (path: string, value: unknown) => `data-show="${path}"${value ? '' : ' hidden'}`;
  const hidden = (path: string, value: unknown) => `data-hide="${path}"${value ? ' hidden' : ''}`;
  const last = view.lastKnown;
  const body = `<p class="company">${escape(view.company)}</p>
<h1>Order ${escape(view.orderNumber)}</h1>
<p class="status" role="status" aria-live="polite">${field('statusText', view.statusText)}</p>
<p class="muted">${field('statusDetail', view.statusDetail)}</p>
<div class="grid">
<section class="card" aria-labelledby="pickup-title"><h2 id="pickup-title">Pickup</h2>
<p class="big">${place('pickup', view.pickup)}</p><p class="muted">${field('pickup.dateText', view.pickup.dateText)}</p>
<p ${shown('pickedUpAt', view.pickedUpAt)}>Picked up <span data-time="pickedUpAt">${time(view.pickedUpAt)}</span></p></section>
<section class="card" aria-labelledby="delivery-title"><h2 id="delivery-title">Delivery</h2>
<p class="big">${place('delivery', view.delivery)}</p><p class="muted">${field('delivery.dateText', view.delivery.dateText)}</p>
<p ${shown('deliveredAt', view.deliveredAt)}>Delivered <span data-time="deliveredAt">${time(view.deliveredAt)}</span></p></section>
<section class="card" aria-labelledby="eta-title"><h2 id="eta-title">Estimated delivery</h2>
<p class="big">${field('eta.text', view.eta.text)}</p><p class="muted">${field('eta.basis', view.eta.basis)}</p></section>
<section class="card" aria-labelledby="last-title"><h2 id="last-title">Last known city</h2>
<p class="big" ${shown('lastKnown', last)}>${field('lastKnown.city', last?.city ?? '')}, ${field('lastKnown.state', last?.state ?? '')}</p>
<p class="muted" ${shown('lastKnown.at', last?.at)}>As of <span data-time="lastKnown.at">${time(last?.at ?? null)}</span></p>
<p class="muted" ${hidden('lastKnown', last)}>Not on the road yet.</p></section>
</div>
<section aria-labelledby="vehicles-title"><h2 id="vehicles-title">Vehicles</h2>
<ul>${view.vehicles.map((vehicle) => `<li>${escape(vehicle)}</li>`).join('')}</ul></section>
<section ${shown('bolUrl', view.bolUrl)}><h2>Bill of lading</h2>
<p><a class="button" id="bol" href="${escape(view.bolUrl ?? '#')}">Download the bill of lading (PDF)</a></p></section>
<section><p class="muted">This page updates by itself every ${view.refreshSeconds} seconds.</p>
<p class="muted" ${shown('expiresAt', view.expiresAt)}>This link works until <span data-time="expiresAt">${time(view.expiresAt)}</span>.</p></section>`;
  return publicLayout(`Order ${view.orderNumber}: ${view.statusText}`, body, {
    style: STYLE,
    script: TRACKING_SCRIPT,
  }).replace(
    '<body>',
    `<body data-zone="${escape(timeZone)}" data-refresh="${view.refreshSeconds}" data-status="${escape(view.status)}">`,
  );
}

/** A link that does not open a page: expired, revoked, or none at this address — each said as it is. */
export function trackingGonePage(kind: 'expired' | 'revoked' | 'unknown', expiresAt?: string, timeZone?: string) {
  const when =
    kind === 'expired' && expiresAt && timeZone ? ` It stopped working ${documentTime(expiresAt, timeZone)}.` : '';
  const title = {
    expired: 'This tracking link has expired',
    revoked: 'This tracking link was turned off',
    unknown: 'No such tracking link',
  }[kind];
  return publicLayout(title, `<h1>${escape(title)}</h1><p>${escape(TRACKING_MESSAGES[kind] + when)}</p>`);
}

export const trackingTooManyPage = () =>
  publicLayout('Too many requests', `<h1>Too many requests</h1><p>${escape(TRACKING_MESSAGES.tooManyRequests)}</p>`);

/** The opt-out: a button (a mail scanner that follows links must not stop the mail), then what was done. */
export function unsubscribePage(state: 'ask' | 'done' | 'unknown', email?: string) {
  if (state === 'unknown')
    return publicLayout(
      'Link not valid',
      '<h1>This link is not valid</h1><p>Check that you opened the whole address from the message.</p>',
    );
  if (state === 'done')
    return publicLayout(
      'Notices stopped',
      `<h1>Notices stopped</h1><p>${escape(email ?? '')} will get no more tracking notices for this customer. The carrier can still send you a tracking link by hand.</p>`,
    );
  return publicLayout(
    'Stop tracking notices',
    `<h1>Stop tracking notices?</h1><p>${escape(email ?? '')} gets a message when a load is picked up, delivered or running late.</p>
<form method="post"><button class="button" type="submit">Stop these notices</button></form>`,
  );
}
