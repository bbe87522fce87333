// The ads benchmark's data, made through the API wherever a person could make it:
// - `viewers` accounts registered through the gateway; ads and pins-boards learn them from auth's
//   events, and the bench then sets their country to SE in ads' `people` and pins-boards'
//   `profiles` (email sign-up asks no country; the integration tests put people there the same way);
// - their home feeds: the feed benchmark's seeding (feed/seed.mjs) with a few boards, which every
//   viewer follows through the API, and `entriesPerViewer` entries in each feed;
// - an advertiser (the author's) with business and billing details, and `promotions` pins (repins
//   of one source pin through the API) promoted through quick-promote: SE with auto targeting (so
//   visitors who are signed out are served too), the largest daily budget a quick promotion takes.
// - impression tokens: anonymous serve calls, each a visitor of its own (serving makes the visitor
//   id), so every token is a distinct viewer and ad and each one counts once.
import fs from 'node:fs';
import { MongoClient } from 'mongodb';
import { call, register, resourceData } from '../save/seed.mjs';
import { seedFeed } from '../feed/seed.mjs';

export const ADS_PASSWORD = 'ads bench 42';
/** contracts DAILY_BUDGET_MAX in micro-currency: no campaign reaches it in a run. */
const BUDGET_MICRO = 1_000_000 * 1_000_000;
/** ads people/person.model.ts PEOPLE_COLLECTION. */
const PEOPLE = 'people';
/** pins-boards profiles/profile.model.ts PROFILES_COLLECTION: the home feed's promoted pins are targeted by its facts. */
const PROFILES = 'profiles';
const SERVE_MAX = 5;

/** Runs `fn` over `items`, `limit` at a time; answers the results in order. */
export async function inFlight(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  }));
  return out;
}

async function until(what, fn, timeoutMs = 90000) {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ok = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return resourceData(res.body);
};

/** Registers everybody (a few at a time: each sign-up is a bcrypt hash) and waits until pins-boards and ads know them. */
async function registerAll({ baseUrl, mongoPort, dbPrefix, viewers, savers, log }) {
  const t0 = Date.now();
  const author = await register(baseUrl, 'ads-author@example.com', ADS_PASSWORD);
  const saverList = await inFlight(Array.from({ length: savers }, (_, k) => k), 2, (k) => register(baseUrl, `ads-saver-${k}@example.com`, ADS_PASSWORD));
  const viewerList = await inFlight(Array.from({ length: viewers }, (_, k) => k), 4, (k) => register(baseUrl, `ads-viewer-${k}@example.com`, ADS_PASSWORD));
  const everybody = [author, ...saverList, ...viewerList];
  await inFlight(everybody, 4, (who) => until(`the profile of ${who.username} in pins-boards`, async () => (await call(`${baseUrl}/v3/users/${who.username}/`)).status === 200));
  // ads' people: every registration handled (then nothing sets the country back), and the viewers in Sweden.
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${mongoPort}/`, { retryWrites: false });
  try {
    const people = client.db(`${dbPrefix}_ads`).collection(PEOPLE);
    const ids = everybody.map((w) => w.id);
    await until('ads knowing every registration', async () => (await people.countDocuments({ _id: { $in: ids }, username: { $nin: ids } })) === ids.length);
    await people.updateMany({ _id: { $in: viewerList.map((v) => v.id) } }, { $set: { country: 'SE' } });
    await client.db(`${dbPrefix}_pins_boards`).collection(PROFILES).updateMany({ _id: { $in: viewerList.map((v) => v.id) } }, { $set: { country: 'SE' } });
  } finally {
    await client.close();
  }
  log(`[seed] ${everybody.length} accounts registered (${viewers} viewers in SE as ads knows them), in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { author, savers: saverList, viewers: viewerList };
}

/** The author's advertiser with its details, and `n` promotions of repins of the source pin. */
async function promote({ baseUrl, author, sourcePinId, n, log }) {
  const t0 = Date.now();
  const token = author.token;
  const advertiser = ok(await call(`${baseUrl}/ads/v4/advertisers/`, { method: 'POST', token, body: { name: 'Bench Lamps' } }), 201, 'advertiser create');
  const id = advertiser.id;
  ok(await call(`${baseUrl}/ads/v4/advertisers/${id}/business_profile/`, { method: 'PUT', token, body: { business_name: 'Bench Lamps AB', country: 'SE' } }), 200, 'business profile');
  ok(await call(`${baseUrl}/ads/v4/advertisers/${id}/billing_profile/`, { method: 'PUT', token, body: { contact_name: 'Bench', email: 'billing@lamps.example.com', address: 'Storgatan 1', accepted_terms: true } }), 200, 'billing profile');
  const board = ok(await call(`${baseUrl}/resource/BoardResource/create/`, { method: 'POST', token, body: { options: { name: 'Promoted lamps', privacy: 'public' } } }), 201, 'board create');
  const campaigns = [];
  for (let k = 0; k < n; k++) {
    const pin = ok(await call(`${baseUrl}/resource/RepinResource/create/`, { method: 'POST', token, body: { options: { pin_id: sourcePinId, board_id: board.id } } }), 201, 'repin');
    const res = await fetch(`${baseUrl}/ads/v4/advertisers/${id}/pins/${pin.id}/quick_promote/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `ads-bench-promote-${k}` },
      body: JSON.stringify({
        budget_in_micro_currency: BUDGET_MICRO, campaign_name: `Lamps ${k + 1}`, destination_url: 'https://lamps.example.com/', duration: 30, auto_targeting_enabled: true, is_ongoing: false,
        start_now: true, targeting_spec: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] }, advertiser_id: id, ads_client_type: 'quick_promote', pin_id: pin.id,
        product_group_id: null, flexible_daily_budget_enabled: false,
      }),
      signal: AbortSignal.timeout(30000),
    });
    const body = await res.json();
    if (res.status !== 201 && res.status !== 200) throw new Error(`quick-promote answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    campaigns.push(resourceData(body).campaign_id);
  }
  log(`[seed] advertiser ${id} with business and billing details, ${campaigns.length} promoted pins, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { advertiserId: id, campaigns };
}

/**
 * Serves until every campaign is in serving's live set (ads reads them every
 * ADS_SERVING_REFRESH_MS) and in the home feed's (pins-boards' model of them, read every
 * PROMOTED_REFRESH_MS): a home feed page asked with ads carries each at some point.
 */
async function waitServed(baseUrl, viewer, campaigns) {
  const seen = new Set();
  await until('every promoted pin served', async () => {
    const res = await call(`${baseUrl}/ads/v4/serve/?placement=home_feed&count=${SERVE_MAX}`, { token: viewer.token });
    for (const item of resourceData(res.body)?.items ?? []) seen.add(item.ad.campaign_id);
    return campaigns.every((c) => seen.has(c));
  }, 60000);
  const inFeed = new Set();
  const page = `${baseUrl}/resource/HomeFeedResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { page_size: 25, ads: 10 } }))}`;
  await until('every promoted pin in the home feed', async () => {
    const res = await call(page, { token: viewer.token });
    for (const item of res.body?.resource_response?.meta?.promoted ?? []) inFeed.add(item.ad.campaign_id);
    return campaigns.every((c) => inFeed.has(c));
  }, 60000);
}

/** Seeds everything above; answers the people, the advertiser and the feed seeding's figures. */
export async function seedAds({ p, sizes, log = console.log }) {
  const t0 = Date.now();
  const people = await registerAll({ baseUrl: p.baseUrl, mongoPort: p.mongoPort, dbPrefix: p.dbPrefix, viewers: sizes.viewers, savers: sizes.savers, log });
  const feed = await seedFeed({
    baseUrl: p.baseUrl, mongoPort: p.mongoPort, redisPort: p.redisPort, dbPrefix: p.dbPrefix,
    people: { author: people.author, readers: people.viewers, savers: people.savers }, sizes: { boards: sizes.boards, entriesPerReader: sizes.entriesPerViewer }, log,
  });
  const ads = await promote({ baseUrl: p.baseUrl, author: people.author, sourcePinId: feed.sourcePinId, n: sizes.promotions, log });
  await waitServed(p.baseUrl, people.viewers[0], ads.campaigns);
  return { people, feed: { ...feed, boardsBySaver: undefined }, ...ads, ms: Date.now() - t0 };
}

/**
 * At least `n` impression tokens, from anonymous serve calls of SERVE_MAX each (a visitor each),
 * written to `file` as a JSON array for k6. Answers how many and how long it took.
 */
export async function collectTokens({ baseUrl, n, file, log = console.log }) {
  const t0 = Date.now();
  const calls = Math.ceil(n / SERVE_MAX);
  const batches = await inFlight(Array.from({ length: calls }, (_, k) => k), 16, async () => {
    const res = await call(`${baseUrl}/ads/v4/serve/?placement=home_feed&count=${SERVE_MAX}`);
    const items = ok(res, 200, 'anonymous serve').items;
    if (items.length !== SERVE_MAX) throw new Error(`an anonymous serve call answered ${items.length} promoted pins, not ${SERVE_MAX}`);
    return items.map((i) => i.ad.token);
  });
  const tokens = batches.flat();
  fs.writeFileSync(file, JSON.stringify(tokens));
  log(`[seed] ${tokens.length} impression tokens from ${calls} anonymous serve calls, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { tokens: tokens.length, calls, ms: Date.now() - t0 };
}

/** Today's impressions, clicks and spend over every campaign of the advertiser, from its report (every bookmark). */
export async function reportedTotals({ baseUrl, token, advertiserId }) {
  const day = (offset) => new Date(Date.now() + offset * 86400e3).toISOString().slice(0, 10);
  // Yesterday to tomorrow: a run across midnight (UTC) counts on two days.
  let bookmark;
  const totals = { impressions: 0, clicks: 0, spendMicro: 0, campaigns: 0 };
  for (let page = 0; page < 50; page++) {
    const q = new URLSearchParams({ level: 'campaigns', start_date: day(-1), end_date: day(1), ...(bookmark ? { bookmark } : {}) });
    const res = await call(`${baseUrl}/ads/v4/advertisers/${advertiserId}/reporting/?${q}`, { token });
    for (const row of ok(res, 200, 'report')) {
      totals.impressions += row.totals.impressions;
      totals.clicks += row.totals.clicks;
      totals.spendMicro += row.totals.spend_in_micro_currency;
      totals.campaigns += 1;
    }
    bookmark = res.body.resource_response.bookmarks?.[0];
    if (!bookmark || bookmark === '-end-') break;
  }
  return totals;
}
