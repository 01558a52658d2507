import { z } from 'zod';
import { KINDS, stripInvisible } from '../../domain';
import { availabilityWindows } from '../../domain/product-details';
import { menuEditorGuard, staffGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import { apiStaffCategorySchema } from '../http/api-schemas';
import {
  createCategory,
  deleteCategory,
  listStaffCategories,
  updateCategory,
} from '../staff/categories';
import { menuWriter } from '../staff/menu-history';
import { notFound } from '../http/errors';

/**
 * The store's categories (issue 34): every staff member reads them; the menu editor (the admin,
 * or staff while `staffEditMenu` is on) adds, changes, moves, hides and deletes them. The rules
 * are the domain's (`category-draft.ts`), their messages naming the field.
 */

const text = z.string().overwrite(stripInvisible).trim();
const KIND_MESSAGE = `Please choose the kind of items: one of ${KINDS.join(', ')}.`;
const POSITION_MESSAGE = 'Please give the position as a whole number from 0.';
const HIDDEN_MESSAGE = 'Please say whether the category is hidden with true or false.';
const OFFER_MESSAGE = 'Please say whether the category is the special offer with true or false.';
const CHANGE_MESSAGE =
  'Please send what to change: title, hidden, offer, image, availableAt or position.';

const image = z.string({ error: 'Please give the picture as a path, or null for none.' });

const newCategory = z.object({
  title: text,
  kind: z.enum(KINDS, { error: KIND_MESSAGE }),
  image: image.nullable().optional(),
  availableAt: availabilityWindows.optional(),
});

/** A change of a category; `kind` cannot change (its products' fields follow it). */
const categoryChange = z
  .object(
    {
      title: text.optional(),
      hidden: z.boolean({ error: HIDDEN_MESSAGE }).optional(),
      offer: z.boolean({ error: OFFER_MESSAGE }).optional(),
      image: image.nullable().optional(),
      availableAt: availabilityWindows.nullable().optional(),
      position: z
        .number({ error: POSITION_MESSAGE })
        .int({ error: POSITION_MESSAGE })
        .min(0, { error: POSITION_MESSAGE })
        .optional(),
    },
    { error: CHANGE_MESSAGE },
  )
  .refine(
    (change) =>
      [
        change.title,
        change.hidden,
        change.offer,
        change.image,
        change.availableAt,
        change.position,
      ].some((value) => value !== undefined),
    { error: CHANGE_MESSAGE },
  )
  .meta({ sentences: true });

const categoryParams = z.object({ id: z.string() });

/** Ids are letters and digits (migration 023): anything else is no category's, a 404. */
function checkedCategoryId(id: string): string {
  if (!/^[A-Za-z0-9]{1,100}$/.test(id)) throw notFound('No category with this id.');
  return id;
}
const staffCategory = { 200: apiStaffCategorySchema };

export const staffCategoryRoutes: RouteModule = (app, ctx) => {
  const guard = staffGuard(ctx);
  const menuEditor = menuEditorGuard(ctx);
  const writeMenu = menuWriter(ctx);

  app.get(
    '/staff/categories',
    { preValidation: guard, schema: { response: { 200: z.array(apiStaffCategorySchema) } } },
    () => listStaffCategories(ctx.db),
  );

  app.post(
    '/staff/categories',
    {
      preValidation: menuEditor,
      schema: { body: newCategory, response: { 201: apiStaffCategorySchema } },
    },
    async (request, reply) => {
      const created = await writeMenu(request, (db) => createCategory(db, request.body));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/staff/categories/:id',
    {
      preValidation: menuEditor,
      schema: { params: categoryParams, body: categoryChange, response: staffCategory },
    },
    async (request) => {
      return writeMenu(request, (db) =>
        updateCategory(db, checkedCategoryId(request.params.id), request.body),
      );
    },
  );

  app.delete(
    '/staff/categories/:id',
    {
      preValidation: menuEditor,
      schema: { params: categoryParams, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await writeMenu(request, (db) => deleteCategory(db, checkedCategoryId(request.params.id)));
      return reply.status(204).send();
    },
  );
};
