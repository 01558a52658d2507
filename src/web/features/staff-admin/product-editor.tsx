import { useId, useRef, useState, type ComponentType, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CategoryEntry, Product } from '../../../domain';
import type { ApiStaffProduct } from '../../../domain/api-types';
import type { ApiError } from '../../shared/api';
import { Field } from '../../shared/field';
import { useMutation } from '../../shared/use-mutation';
import { staffUrls } from '../../shared/urls';
import {
  blankForm,
  draftOf,
  fieldsOf,
  formOf,
  formProblems,
  kindOfCategory,
  placeOf,
  previewProduct,
  typedCount,
  type DraftForm,
} from './draft-form';
import { AllergenChecks } from './allergen-checks';
import { KindFields, type Edit } from './kind-fields';
import { ItemHistory } from './menu-history';
import { ProductActions } from './product-actions';
import type { MenuReturn } from './admin-parts';
import { startingPicture } from './category-rows';
import { staffAdminApi } from './staff-admin-api';
import { EDITOR_ONLY } from './use-menu-editor';

/** The customer's item screen for a draft, handed in by the app (features do not import features). */
export type PreviewComponent = ComponentType<{
  product: Product;
  category: Pick<CategoryEntry, 'title' | 'added' | 'failed'>;
}>;

/** A 400 of the server names the field first (`details.pizzas: A deal needs...`). */
function serverProblem(error: ApiError, form: DraftForm): [string, string] | null {
  if (error.status !== 400) return null;
  const at = error.message.indexOf(': ');
  if (at < 0) return null;
  const field = error.message.slice(0, at);
  const known = ['name', 'category', 'image', 'price', 'description'];
  if (!known.includes(field) && !field.startsWith('details.')) return null;
  const message = error.message.slice(at + 2);
  return [placeOf({ field, message }, form), message];
}

/**
 * The menu editor's form for one product, new or saved: the fields every product has, then its
 * kind's (`KindFields`). Checked by the domain's rules on Save, each problem beside its field;
 * the server's own 400 is shown the same way. Preview draws the customer's screen for the draft.
 */
export function ProductEditor({
  products,
  categories: storeCategories,
  product,
  category,
  canEdit,
  onForbidden,
  Preview,
}: {
  products: readonly ApiStaffProduct[];
  /** The store's categories, hidden ones too, in their order. */
  categories: readonly CategoryEntry[];
  product: ApiStaffProduct | undefined;
  /** A new product's category (from "Add item to ..."). */
  category: string;
  canEdit: boolean;
  onForbidden: () => void;
  Preview: PreviewComponent;
}) {
  const id = useId();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [typed, setForm] = useState<DraftForm>(() =>
    product ? formOf(product) : blankForm(category, storeCategories),
  );
  // A new item's picture follows its category and its number of pizzas until it has a photo
  // of its own (uploaded once it is saved).
  const form = product
    ? typed
    : {
        ...typed,
        image: startingPicture(products, storeCategories, typed.category, typedCount(typed.pizzas)),
      };
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<Map<string, string>>(new Map());
  const [previewing, setPreviewing] = useState(false);
  const previewRef = useRef<HTMLElement>(null);
  const readOnly = !canEdit;

  const saving = useMutation(
    () => {
      const fields = fieldsOf(draftOf(form, storeCategories));
      return product
        ? staffAdminApi.updateProduct(product._id, fields)
        : staffAdminApi.createProduct(fields);
    },
    { fallback: 'We could not save the item. Please try again.' },
  );

  // Once Save was pressed, the problems follow each keystroke, so a fix is seen at once.
  const problems = new Map([
    ...(tried
      ? formProblems(form, products, product?._id, storeCategories)
      : new Map<string, string>()),
    ...fromServer,
  ]);
  const edit: Edit = (change) => {
    setForm(change);
    setFromServer(new Map());
  };
  const kind = kindOfCategory(form.category, storeCategories);
  const beverages = products
    .filter((each) => kindOfCategory(each.category, storeCategories) === 'beverages')
    .map((each) => each.name);
  // Fields follow the kind, so a saved product moves only among categories of its kind.
  const savedKind = product ? kindOfCategory(product.category, storeCategories) : undefined;
  const categories = savedKind
    ? storeCategories.filter((each) => each.kind === savedKind)
    : storeCategories;
  const formCategory = storeCategories.find((each) => each.id === form.category);

  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || saving.pending) return;
    setTried(true);
    if (formProblems(form, products, product?._id, storeCategories).size > 0) {
      focusFirstProblem();
      return;
    }
    const result = await saving.run();
    if (result.ok) {
      const state: MenuReturn = { announce: `${result.value.name} is saved.` };
      void navigate(staffUrls.menu(), { state });
      return;
    }
    if (!result.error) return;
    if (result.error.status === 403) onForbidden();
    const placed = serverProblem(result.error, form);
    if (placed) {
      setFromServer(new Map([placed]));
      focusFirstProblem();
    }
  };

  const unplaced =
    saving.problem && saving.error && !serverProblem(saving.error, form) ? saving.problem : null;
  const draft = draftOf(form, storeCategories);
  const preview = previewProduct(draft, product?._id ?? 'preview', storeCategories);

  return (
    <>
      {readOnly ? <p className="admin-only">{EDITOR_ONLY}</p> : null}
      <form
        ref={formRef}
        className="product-editor"
        aria-labelledby="menu-editor-title"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <Field
          className="admin-field"
          label="Name"
          autoComplete="off"
          readOnly={readOnly}
          value={form.name}
          onValue={(name) => edit((before) => ({ ...before, name }))}
          error={problems.get('name')}
        />
        <div className="field admin-field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            value={form.category}
            disabled={readOnly}
            aria-invalid={problems.has('category') || undefined}
            aria-describedby={`${id}-category-hint${problems.has('category') ? ` ${id}-category-error` : ''}`}
            onChange={(event) => {
              const next = event.target.value;
              edit((before) => ({ ...before, category: next }));
            }}
          >
            {categories.map((each) => (
              <option key={each.id} value={each.id}>
                {each.hidden ? `${each.title} (hidden)` : each.title}
              </option>
            ))}
          </select>
          <p id={`${id}-category-hint`} className="field-hint">
            {product
              ? 'Only categories of the same kind: the fields below follow the kind.'
              : 'The fields below follow the category’s kind.'}
          </p>
          {problems.has('category') ? (
            <p id={`${id}-category-error`} className="field-error">
              {problems.get('category')}
            </p>
          ) : null}
        </div>
        <div className="field admin-field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={3}
            readOnly={readOnly}
            value={form.description}
            aria-invalid={problems.has('description') || undefined}
            aria-describedby={problems.has('description') ? `${id}-description-error` : undefined}
            onChange={(event) => {
              const description = event.target.value;
              edit((before) => ({ ...before, description }));
            }}
          />
          {problems.has('description') ? (
            <p id={`${id}-description-error`} className="field-error">
              {problems.get('description')}
            </p>
          ) : null}
        </div>
        <Field
          className="admin-field editor-short"
          label="Base price in dollars"
          inputMode="decimal"
          autoComplete="off"
          readOnly={readOnly}
          value={form.price}
          onValue={(price) => edit((before) => ({ ...before, price }))}
          error={problems.get('price')}
        />
        <KindFields
          kind={kind}
          form={form}
          edit={edit}
          problems={problems}
          beverages={beverages}
          readOnly={readOnly}
        />
        <AllergenChecks
          value={form}
          readOnly={readOnly}
          onChange={(change) => edit((before) => ({ ...before, ...change(before) }))}
        />
        {problems.size > 0 ? (
          <p className="admin-form-error" role="alert">
            {problems.size === 1
              ? 'One field needs a fix: it says what, beside it.'
              : `${problems.size} fields need a fix: each says what, beside it.`}
          </p>
        ) : null}
        {unplaced ? (
          <p className="admin-form-error" role="alert">
            {unplaced}
          </p>
        ) : null}
        <div className="editor-actions">
          {readOnly ? null : (
            <button type="submit" className="primary" aria-disabled={saving.pending || undefined}>
              {saving.pending ? 'Saving...' : product ? 'Save changes' : 'Add to the menu'}
            </button>
          )}
          <button
            type="button"
            className="secondary"
            aria-expanded={previewing}
            aria-controls={`${id}-preview`}
            onClick={() => {
              setPreviewing(!previewing);
              // Below a long form the preview would open out of sight: bring it up.
              if (!previewing) {
                requestAnimationFrame(() => previewRef.current?.scrollIntoView({ block: 'start' }));
              }
            }}
          >
            {previewing ? 'Close preview' : 'Preview'}
          </button>
          <Link className="button secondary-link" to={staffUrls.menu()}>
            Cancel
          </Link>
        </div>
      </form>
      <section
        ref={previewRef}
        id={`${id}-preview`}
        className="editor-preview"
        aria-labelledby={`${id}-preview-title`}
        hidden={!previewing}
      >
        {previewing ? (
          <>
            <h2 id={`${id}-preview-title`}>Preview: as a customer sees it</h2>
            {preview && formCategory ? (
              <Preview product={preview} category={formCategory} />
            ) : (
              <p>Choose a category to see the preview.</p>
            )}
          </>
        ) : null}
      </section>
      {product && canEdit ? <ProductActions product={product} onForbidden={onForbidden} /> : null}
      {product ? <ItemHistory id={product._id} /> : null}
    </>
  );
}
