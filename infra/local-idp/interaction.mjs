// The local provider's sign-in page: type who you are (an email, or a phone number for a
// phone-only social account), optionally names and a birthday, and whether to share your email
// (so the product's "email permission" paths can be walked). Cancel answers access_denied.

import { isLogin } from './accounts.mjs';
import { esc, formBody, html } from './http.mjs';

function page({ uid, clientName, login, askEmailShare, error }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to ${esc(clientName)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=date]{width:100%;padding:.5rem;box-sizing:border-box}.row{display:flex;gap:.5rem;margin-top:1.2rem}button{padding:.6rem 1rem}.error{color:#b00020}</style>
</head><body><main>
<h1>Local identity provider</h1>
<p>Sign in to <strong>${esc(clientName)}</strong>. This provider runs on this machine for development and tests: anyone may sign in as anyone.</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login">
<label for="login">Email or phone number</label>
<input id="login" name="login" type="text" autocomplete="username" required value="${esc(login)}" autofocus>
<label for="given_name">First name (optional)</label>
<input id="given_name" name="given_name" type="text" autocomplete="given-name">
<label for="family_name">Last name (optional)</label>
<input id="family_name" name="family_name" type="text" autocomplete="family-name">
<label for="birthdate">Birthday (optional)</label>
<input id="birthdate" name="birthdate" type="date">
${askEmailShare ? '<label><input type="checkbox" name="share_email" value="yes" checked> Share my email address</label>' : ''}
<div class="row"><button type="submit">Sign in</button></div>
</form>
<form method="post" action="/interaction/${esc(uid)}/abort"><div class="row"><button type="submit">Cancel</button></div></form>
</main></body></html>`;
}

/**
 * @param {import('./fedcm.mjs').SignedInCookie} signedIn  a sign-in here also signs the browser in
 *   for the FedCM prompt (fedcm.mjs), as signing in at Google's page does for its one-tap
 */
export function interactionRoute(provider, accounts, signedIn) {
  return async (req, res) => {
    const m = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(req.url.split('?')[0]);
    if (!m) return false;
    const details = await provider.interactionDetails(req, res);
    const client = await provider.Client.find(details.params.client_id);
    const scopes = new Set(String(details.params.scope ?? '').split(' '));
    const known = details.session?.accountId ? accounts.findBySub(details.session.accountId) : null;
    const view = {
      uid: details.uid,
      clientName: client?.clientName ?? details.params.client_id,
      login: details.params.login_hint ?? known?.email ?? known?.phone_number ?? '',
      askEmailShare: scopes.has('email'),
    };
    if (req.method === 'GET' && !m[2]) {
      html(res, 200, page(view));
      return true;
    }
    if (req.method !== 'POST' || !m[2]) return false;
    if (m[2] === '/abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person did not authorise the sign-in.' }, { mergeWithLastSubmission: false });
      return true;
    }
    const form = await formBody(req);
    const login = String(form.login ?? '').trim();
    if (!isLogin(login)) {
      html(res, 400, page({ ...view, login, error: 'Type an email address or a phone number.' }));
      return true;
    }
    const account = accounts.signIn(login, form);
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id });
    // What the person shares: every scope asked for, less the email when they unticked it.
    const withheld = scopes.has('email') && form.share_email !== 'yes';
    grant.addOIDCScope([...scopes].filter((s) => s && !(withheld && s === 'email')).join(' '));
    // Rejected, not missing: the provider would otherwise ask again.
    if (withheld) grant.rejectOIDCScope('email');
    const grantId = await grant.save();
    // Set before oidc-provider answers: its redirect (a 303) keeps the headers already set.
    for (const [name, value] of Object.entries(signedIn.signedIn(req, account.sub))) res.setHeader(name, value);
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    return true;
  };
}
