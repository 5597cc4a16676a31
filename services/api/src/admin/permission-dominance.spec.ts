import { AppError } from '@herald/errors';
import { mayActOn, mayGrant } from './permission-dominance';

function refusal(act: () => void): AppError | undefined {
  try {
    act();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

describe('mayGrant', () => {
  it('when every permission given is held, then it passes; otherwise it is forbidden naming the ones lacking', () => {
    expect(refusal(() => mayGrant(['health:read', 'usage:read'], ['usage:read']))).toBeUndefined();
    const refused = refusal(() => mayGrant(['health:read'], ['usage:read', 'health:read', 'api_keys:read']));
    expect(refused).toMatchObject({ code: 'forbidden' });
    expect(refused?.message).toContain('api_keys:read, usage:read');
  });
});

describe('mayActOn', () => {
  it('when the target holds a permission the caller lacks, then acting on it is forbidden', () => {
    const refused = refusal(() => mayActOn(['system_accounts:write'], ['system_accounts:write', 'administrators:write']));
    expect(refused).toMatchObject({ code: 'forbidden' });
    expect(refused?.message).toContain('administrators:write');
  });

  it('when the change takes away or adds a permission the caller lacks, then it is forbidden', () => {
    expect(refusal(() => mayActOn(['administrators:write'], ['health:read'], []))).toMatchObject({ code: 'forbidden' });
    expect(refusal(() => mayActOn(['administrators:write'], [], ['health:read']))).toMatchObject({ code: 'forbidden' });
  });

  it('when the caller holds a superset, then it may act; on itself it may drop but not add', () => {
    const self = ['administrators:write', 'health:read'];
    expect(refusal(() => mayActOn([...self, 'usage:read'], self, ['usage:read']))).toBeUndefined();
    expect(refusal(() => mayActOn(self, self, ['administrators:write']))).toBeUndefined();
    expect(refusal(() => mayActOn(self, self, [...self, 'usage:read']))).toMatchObject({ code: 'forbidden' });
  });
});
