import { pageData } from '../../../lib/page-data.ts';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { AccountActions } from '../components/account-actions.tsx';
import styles from '../components/content.module.css';
import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { type ContentStep, useContent } from '../hooks/use-content.ts';

/** The guide reads no data: its texts come with the page (content.json). */
export const loader = pageData(() => []);

export function Component() {
  const { t, list } = useContent();
  const steps = list<ContentStep>('howItWorks.steps');
  return (
    <ContentPage title={t('howItWorks.title')} heading={t('howItWorks.heading')} lead={t('howItWorks.lead')}>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={step.id} className={styles.step}>
            <section id={`step-${step.id}`} aria-labelledby={`step-${step.id}-heading`}>
              <h2 id={`step-${step.id}-heading`} className={styles.stepHeading}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <VisuallyHidden>{`${t('howItWorks.stepLabel', { number: index + 1 })}: `}</VisuallyHidden>
                {step.title}
              </h2>
              {step.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          </li>
        ))}
      </ol>
      <section className={styles.callout} aria-labelledby="how-it-works-cta-heading">
        <h2 id="how-it-works-cta-heading" className={styles.calloutHeading}>
          {t('howItWorks.cta.heading')}
        </h2>
        <AccountActions signupLabel={t('howItWorks.cta.signup')} loginLabel={t('howItWorks.cta.login')} />
      </section>
      <RelatedPages current="howItWorks" />
    </ContentPage>
  );
}
