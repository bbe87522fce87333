import { BOARD_BUSY_CODES, busyCodeOf, errorCatalogue, isBoardBusyCode } from '@pinhive/contracts';
import { boardBusy, leaseVerdict } from './lease-rules';
import { parseMoveLedgerKey, moveLedgerKey } from './move.model';

/** Who may take a board's lease, and what a busy board answers (moves/lease-rules.ts). */
const now = Date.parse('2026-03-01T12:00:00Z');
const lease = (expiresInMs: number, moveId: string | null = null) => ({ expiresAt: new Date(now + expiresInMs), moveId });

describe('a lease found on a board', () => {
  it('that is still renewed keeps the board busy, even for a resumer of its own move', () => {
    expect(leaseVerdict(lease(1), now, null, false)).toBe('busy');
    expect(leaseVerdict(lease(20_000, 'm1'), now, 'm1', true)).toBe('busy');
  });

  it('that expired is taken over', () => {
    expect(leaseVerdict(lease(0), now, 'm2', false)).toBe('takeOver');
    expect(leaseVerdict(lease(-1, 'm1'), now, null, false)).toBe('takeOver');
  });

  it("that expired but names an unfinished move goes to that move's resumer only; anyone else finishes the move first", () => {
    expect(leaseVerdict(lease(-1, 'm1'), now, 'm1', true)).toBe('takeOver');
    expect(leaseVerdict(lease(-1, 'm1'), now, 'm2', true)).toBe('finishFirst');
    expect(leaseVerdict(lease(-1, 'm1'), now, null, true)).toBe('finishFirst');
  });
});

describe('a busy board', () => {
  it("answers 409 board_busy with the code of what runs (section 8's 2171, 2172, 2173)", () => {
    expect(BOARD_BUSY_CODES).toEqual({ moving: 2171, selectAll: 2172, sectionChange: 2173 });
    for (const kind of ['moving', 'selectAll', 'sectionChange'] as const) {
      const err = boardBusy({ kind });
      expect(err.status).toBe(409);
      expect(err.message).toBe(errorCatalogue.board_busy.message);
      expect(err.toBody().data).toEqual({ api_error_code: busyCodeOf(kind) });
      expect(isBoardBusyCode(err.toBody().data?.api_error_code)).toBe(true);
    }
    expect(isBoardBusyCode(2170)).toBe(false);
    expect(isBoardBusyCode('2171')).toBe(false);
  });
});

it('names a move batch in its ledger key, and other keys are not taken for one', () => {
  expect(parseMoveLedgerKey(moveLedgerKey('1712', 4))).toEqual({ moveId: '1712', batch: 4 });
  expect(parseMoveLedgerKey('saved:1712@e1')).toBeNull();
  expect(parseMoveLedgerKey('move:1712:x')).toBeNull();
});
