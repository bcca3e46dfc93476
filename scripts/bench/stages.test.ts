import { describe, expect, it } from 'vitest';
import { STAGES, selectedStages } from './stages';

describe('bench stage selection', () => {
  it('runs every stage without --stage, and only the named ones with it', () => {
    expect([...selectedStages([])]).toEqual([...STAGES]);
    expect([...selectedStages(['--stage=web,two-process'])]).toEqual(['web', 'two-process']);
  });

  it('stops on an unknown or empty stage list, naming the choices', () => {
    expect(() => selectedStages(['--stage=ledgr'])).toThrow(/Unknown stage ledgr: choose from startup, ledger/);
    expect(() => selectedStages(['--stage='])).toThrow(/Unknown stage \(none\)/);
  });
});
