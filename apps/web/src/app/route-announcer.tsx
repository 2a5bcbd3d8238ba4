import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';

/**
 * After each navigation, tells screen readers which page opened (an aria-live region with the
 * page's title) and moves focus to its main heading, as a full page load would. The first page
 * load is left alone: the browser announces it already.
 */
/** Whether focus is now on something of the new page the person (or the page) chose since. */
export function personMovedOn(focusedAtNavigation: Element | null): boolean {
  const active = document.activeElement;
  return Boolean(active && active !== document.body && active !== focusedAtNavigation && active.isConnected);
}

export function RouteAnnouncer() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [message, setMessage] = useState('');
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (navigation.state !== 'idle') return;
    if (previous.current === null || previous.current === pathname) {
      previous.current = pathname;
      return;
    }
    previous.current = pathname;
    // Whatever had focus when the navigation ended (the link pressed, or nothing). If the person
    // has focused something else on the new page by the time its heading is found (a field, or a
    // form's message after pressing its button), focus stays with them: taking it to the heading
    // then would pull them out of what they are doing (seen in the e2e run: a step's error summary
    // lost its focus to the heading 100 ms later).
    const focusedAtNavigation = document.activeElement;
    // Let the new page render its heading and set the document title first; a page still loading
    // its data shows the heading a little later, so look again for a while.
    let attempts = 0;
    let timer = 0;
    const announce = () => {
      const heading = document.querySelector<HTMLElement>('main h1, [data-page-heading]');
      if (!heading && attempts < 20) {
        attempts += 1;
        timer = window.setTimeout(announce, 100);
        return;
      }
      const title = heading?.textContent?.trim() || document.title;
      setMessage(t('shell.navigatedTo', { title }));
      const target = heading ?? document.querySelector<HTMLElement>('main');
      if (target && !window.location.hash && !personMovedOn(focusedAtNavigation)) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
    };
    timer = window.setTimeout(announce, 100);
    return () => window.clearTimeout(timer);
  }, [pathname, navigation.state, t]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
