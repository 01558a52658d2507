import { describe, expect, it } from 'vitest';
import { canonicalId, idSchema, isUuid } from '../../src/domain/ids';
import { HttpError, checkedId } from '../../src/server/http/errors';

/** Ids are checked at the boundary: one rule in domain/ids.ts, one 400 for a malformed one. */

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('ids', () => {
  it('reads a UUID in any case and writes it as the database does', () => {
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid(`${ID}x`)).toBe(false);
    expect(canonicalId(ID.toUpperCase())).toBe(ID);
    expect(idSchema.parse(ID.toUpperCase())).toBe(ID);
    // Left as sent, so the use case can say whose id it is not.
    expect(idSchema.parse('Not-An-Id')).toBe('Not-An-Id');
  });

  it('lets a UUID through and answers anything else 400 invalid_id, naming the kind', () => {
    expect(checkedId(ID, 'order')).toBe(ID);
    let thrown: unknown;
    try {
      checkedId('not-an-id', 'cart item');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({
      statusCode: 400,
      code: 'invalid_id',
      message: '"not-an-id" is not a valid cart item id.',
    });
  });
});
