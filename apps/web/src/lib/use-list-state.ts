import { useState } from 'react';

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
