import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** Search text and page of a server-paginated list; a new search starts again from the first page. */
export function useListState() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(0);
  };
  return { search, setSearch, page, setPage, searchQuery: search.trim() || undefined };
}

type ListView<Values> = { values: Values; page: number };

function readView<Values extends Record<string, string>>(params: URLSearchParams, defaults: Values): ListView<Values> {
  const values = Object.fromEntries(Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback])) as Values;
  // The address counts pages from 1, as the table shows them.
  const page = Number(params.get('page'));
  return { values, page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

function writeView<Values extends Record<string, string>>(
  params: URLSearchParams,
  defaults: Values,
  view: ListView<Values>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(view.values)) {
    if (value === defaults[key]) next.delete(key);
    else next.set(key, value);
  }
  if (view.page > 0) next.set('page', String(view.page + 1));
  else next.delete('page');
  return next;
}

/**
 * A list's search, filters, sort and page kept in the address (`?search=…&status=…&page=2`), so a
 * reload, Back or a copied link shows the same list. `defaults` names every value the list keeps;
 * one at its default stays out of the address. Any change but the page's starts from the first page.
 * Values come as the address has them: the list checks them before asking the server.
 *
 * The inputs show this hook's own copy at once: the router commits a new address in a transition, and
 * a text or date input bound to it directly would lose what was typed in between. A change of the
 * address from elsewhere (Back, a link) replaces the copy.
 */
export function useUrlListState<Values extends Record<string, string>>(defaults: Values) {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const [state, setState] = useState(() => ({ view: readView(params, defaults), seen: address, sent: address }));
  let { view } = state;
  if (address !== state.seen) {
    if (address !== state.sent) view = readView(params, defaults);
    setState({ view, seen: address, sent: address });
  }

  const show = (next: ListView<Values>, replace: boolean) => {
    const search = writeView(params, defaults, next);
    setState((current) => ({ ...current, view: next, sent: search.toString() }));
    setParams(search, { replace });
  };

  return {
    values: view.values,
    page: view.page,
    /** `replace` for typing, so Back leaves the list rather than taking back one letter at a time. */
    setValues: (changes: Partial<Values>, { replace = false }: { replace?: boolean } = {}) =>
      show({ values: { ...view.values, ...changes }, page: 0 }, replace),
    setPage: (page: number) => show({ ...view, page }, false),
  };
}

/** A value of the address the server would take, or nothing: a mistyped link shows the whole list, not an error. */
export function checkedValue<T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }, value: string): T | undefined {
  if (value === '') return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

type Checked<T> = { safeParse: (value: unknown) => { success: boolean; data?: T } };

/** A list's sort as the address has it, each part checked against the list query's schema, else the default. */
export function checkedSort<Field, Order>(
  shape: { sort: Checked<Field>; order: Checked<Order> },
  values: { sort: string; order: string },
  fallback: { field: NoInfer<Field>; order: NoInfer<Order> },
): { field: Field; order: Order } {
  return {
    field: checkedValue(shape.sort, values.sort) ?? fallback.field,
    order: checkedValue(shape.order, values.order) ?? fallback.order,
  };
}
