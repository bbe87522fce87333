"""Pinhive's own schemathesis checks (loaded by scripts/fuzz.mjs through SCHEMATHESIS_HOOKS).

failure_envelope: every 4xx answer is the product's failure envelope,
  {"resource_response": {"status": "failure", "error": {"code", "message", "http_status"}}},
  with `http_status` the answer's own status, whoever answered (a service or the gateway).
"""
import json

import schemathesis


def envelope_problem(status, body_bytes):
    """What is wrong with a 4xx answer's body, or None when it is the failure envelope."""
    try:
        body = json.loads(body_bytes)
    except (ValueError, UnicodeDecodeError):
        snippet = body_bytes[:80].decode("utf-8", "replace")
        return f"{status} answered without JSON: {snippet!r}"
    rr = body.get("resource_response") if isinstance(body, dict) else None
    if not isinstance(rr, dict) or rr.get("status") != "failure":
        return f"{status} answered without resource_response.status 'failure'"
    error = rr.get("error")
    if not isinstance(error, dict):
        return f"{status} answered without resource_response.error"
    if not isinstance(error.get("code"), str) or not error["code"]:
        return f"{status} answered without an error code"
    if not isinstance(error.get("message"), str):
        return f"{status} answered without an error message"
    if error.get("http_status") != status:
        return f"{status} answered with http_status {error.get('http_status')!r}"
    return None


@schemathesis.check
def failure_envelope(ctx, response, case):
    status = response.status_code
    if not 400 <= status < 500:
        return None
    problem = envelope_problem(status, response.content or b"")
    if problem:
        raise AssertionError(f"{problem} ({case.method} {case.path})")
    return None
