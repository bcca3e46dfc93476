import { describe, expect, it } from 'vitest';
import { INSTALL_WRK, manyUsersOptionsFromEnv, manyUsersProblem } from './many-users-load';

describe('many-users bench stage (issue 18)', () => {
  it('runs 200 users over 50 connections for 60 s unless told otherwise', () => {
    expect(manyUsersOptionsFromEnv({})).toEqual({
      durationS: 60,
      connections: 50,
      users: 200,
      postgresUrl: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(manyUsersOptionsFromEnv({ BENCH_DATABASE_URL: 'none', BENCH_MANY_USERS_DURATION_S: '5' })).toMatchObject({
      durationS: 5,
      postgresUrl: null,
    });
  });

  it('stops with the command that installs wrk when wrk is missing', () => {
    expect(manyUsersProblem('wrk not found (spawnSync wrk ENOENT)')).toBe(
      `${INSTALL_WRK} (wrk not found (spawnSync wrk ENOENT))`,
    );
    expect(INSTALL_WRK).toBe('Install wrk: apt-get install -y wrk');
    expect(manyUsersProblem(null)).toBeNull();
  });
});
