import { identifierShapeProblem } from '@nbr/domain/identifiers';
import { SearchQuerySchema } from '@nbr/domain/search';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRegisterSearch } from '../api/search-register.ts';
import { readSearchQuery, registerSearchOf, searchParamsFor } from '../search-query.ts';

/**
 * A register search form whose query lives in the address (?q=…): what is searched, what is typed,
 * the field's problem, what is wrong with the searched query (identifierShapeProblem: too short…) and
 * the submit handler. Submitting checks the query as the API will, puts it in
 * the address (so Back shows the previous search) or searches again when it is the same one.
 */
export function useSearchForm() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readSearchQuery(searchParams);
  const [typed, setTyped] = useState(query);
  const [fieldError, setFieldError] = useState<string | null>(null);
  // What no frame number or plate can be (under 5 characters, other characters): the API would answer
  // nothing, so the page says why instead of searching (issue 27).
  const queryProblem = query ? identifierShapeProblem(query) : null;
  const search = useRegisterSearch(registerSearchOf(searchParams));

  // Back and Forward change the address: the field shows the search on screen.
  useEffect(() => {
    setTyped(query);
    setFieldError(null);
  }, [query]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = SearchQuerySchema.safeParse({ q: typed });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? 'required');
      return;
    }
    const problem = identifierShapeProblem(checked.data.q);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(null);
    if (checked.data.q === query) void search.refetch();
    else setSearchParams(searchParamsFor(checked.data.q));
  };

  return { query, queryProblem, typed, setTyped, fieldError, setFieldError, search, onSubmit };
}
