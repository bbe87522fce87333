import { createLogger } from '@pinhive/kit';
import { RecaptchaEnterprise } from './human-check.verifier';

function verifierAnswering(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl = (async (url: string, init: { body: string }) => {
    calls.push({ url, body: JSON.parse(init.body) });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const v = new RecaptchaEnterprise({ projectId: 'proj', siteKey: 'site', apiKey: 'key', minScore: 0.5, logger: createLogger('t', 'silent'), fetchImpl });
  return { v, calls };
}

describe('RecaptchaEnterprise', () => {
  it('asks for an assessment of the token, action and IP', async () => {
    const { v, calls } = verifierAnswering(200, { tokenProperties: { valid: true, action: 'web_unauth' }, riskAnalysis: { score: 0.9 } });
    expect(await v.verify('tok', 'web_unauth', '1.2.3.4')).toBe(true);
    expect(calls[0]!.url).toBe('https://recaptchaenterprise.googleapis.com/v1/projects/proj/assessments?key=key');
    expect(calls[0]!.body).toEqual({ event: { token: 'tok', siteKey: 'site', expectedAction: 'web_unauth', userIpAddress: '1.2.3.4' } });
  });

  it.each([
    ['an invalid token', 200, { tokenProperties: { valid: false, action: 'web_unauth' }, riskAnalysis: { score: 0.9 } }],
    ['another action', 200, { tokenProperties: { valid: true, action: 'web_auth' }, riskAnalysis: { score: 0.9 } }],
    ['a low score', 200, { tokenProperties: { valid: true, action: 'web_unauth' }, riskAnalysis: { score: 0.1 } }],
    ['an error answer', 500, {}],
  ])('refuses %s', async (_what, status, body) => {
    expect(await verifierAnswering(status, body).v.verify('tok', 'web_unauth', '1.2.3.4')).toBe(false);
  });
});
