import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, loadConfig } from '../../src/server/config';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/server/auth/passwords';
import { TEST_PASSWORD_COST, testConfig } from '../support/test-app';

/** Tests hash cheaply (test-app.ts); a store never does. */
describe('what a password hash costs', () => {
  it('is scrypt N=2^15, r=8, p=1 in every configuration the environment makes', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }]) {
      expect(loadConfig(env).passwordCost).toEqual({ N: 32768, r: 8, p: 1 });
    }
    expect(PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('writes the cost it was given into the hash, and a hash of either cost verifies', async () => {
    const store = await hashPassword('correct horse battery', PASSWORD_COST);
    const test = await hashPassword('correct horse battery', testConfig().passwordCost);
    expect(store).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(test).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(testConfig().passwordCost).toEqual(TEST_PASSWORD_COST);
    for (const hash of [store, test]) {
      expect(await verifyPassword('correct horse battery', hash)).toBe(true);
      expect(await verifyPassword('wrong horse battery', hash)).toBe(false);
    }
    expect(await verifyAgainstDummy('correct horse battery', TEST_PASSWORD_COST)).toBe(false);
  });
});
