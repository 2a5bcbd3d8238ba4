import { FLOW_MEMO_MAX_LENGTH, FLOW_MEMO_PATTERN } from '@nbr/domain/flows';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useStaffFlows } from '../api/get-flows.ts';
import { useCreateFlow } from '../api/save-flow.ts';
import { newFlowDefinition, problemPath } from '../flow-editing.ts';

/**
 * /backoffice/v2/flows: every flow with its running version and its draft's last change; admins
 * create a flow (its address and title), which opens its editor.
 */
export function Component() {
  const { t, i18n } = useTranslation('backoffice-flows');
  const isAdmin = useProfile().data?.staff_role === 'admin';
  const flows = useStaffFlows();
  return (
    <PageLayout title={t('list.title')} lead={t('list.lead')}>
      <div className={staffPage.stack}>
        {isAdmin ? (
          <Card title={t('create.title')} id="create-flow">
            <CreateFlowForm />
          </Card>
        ) : null}
        <Card title={t('list.heading')} id="flows">
          {flows.isPending ? <LoadingState /> : null}
          {flows.isError ? (
            <LoadError title={t('list.loadFailed')} error={flows.error} retry={() => void flows.refetch()} />
          ) : null}
          {flows.data?.length === 0 ? <p>{t('list.empty')}</p> : null}
          {flows.data?.length ? (
            <ul className={staffPage.list} aria-label={t('list.heading')}>
              {flows.data.map((flow) => (
                <li key={flow.id} className={staffPage.item}>
                  <h3 className={staffPage.itemTitle}>
                    <Link href={paths.backoffice.v2Flow.getHref({ memo: flow.memo })}>{flow.title}</Link>
                  </h3>
                  <dl className={staffPage.facts}>
                    <div>
                      <dt>{t('list.memo')}</dt>
                      <dd>/{flow.memo}</dd>
                    </div>
                    <div>
                      <dt>{t('list.running')}</dt>
                      <dd>
                        {flow.published_version === null
                          ? t('list.notPublished')
                          : t('list.version', { version: flow.published_version })}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('list.draftChanged')}</dt>
                      <dd>{formatDateTime(flow.draft_updated_at, i18n.language)}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      </div>
    </PageLayout>
  );
}

/** The API's word on the memo: taken (409), reserved or malformed (422 at body.memo). */
function memoProblem(error: unknown, t: Parameters<typeof errorMessage>[1]): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'flow_memo_taken') return errorMessage(error, t);
  const issue = error.issues.find((candidate) => problemPath(candidate.loc) === 'memo');
  return issue ? issue.msg : null;
}

function CreateFlowForm() {
  const { t } = useTranslation('backoffice-flows');
  const navigate = useNavigate();
  const create = useCreateFlow();
  const [memo, setMemo] = useState('');
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<{ memo?: string; title?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      memo:
        FLOW_MEMO_PATTERN.test(memo) && memo.length <= FLOW_MEMO_MAX_LENGTH
          ? undefined
          : t('create.memoInvalid'),
      title: title.trim() ? undefined : t('create.titleMissing'),
    };
    setProblems(found);
    if (found.memo || found.title) return;
    create.mutate(
      { memo, definition: newFlowDefinition(title.trim()) },
      { onSuccess: (flow) => navigate(paths.backoffice.v2Flow.getHref({ memo: flow.memo })) },
    );
  };

  const apiMemoProblem = create.error ? memoProblem(create.error, t) : null;
  const summary =
    problems.memo || problems.title
      ? t('create.fix')
      : create.error
        ? (apiMemoProblem ?? errorMessage(create.error, t))
        : null;
  return (
    <Form onSubmit={onSubmit} aria-label={t('create.title')}>
      <ErrorSummary message={summary} />
      <TextField
        label={t('create.memo')}
        description={t('create.memoHelp')}
        value={memo}
        onChange={(value) => setMemo(value.trim().toLowerCase())}
        maxLength={FLOW_MEMO_MAX_LENGTH}
        autoComplete="off"
        spellCheck="false"
        error={problems.memo ?? apiMemoProblem}
        isRequired
      />
      <TextField
        label={t('create.flowTitle')}
        description={t('create.flowTitleHelp')}
        value={title}
        onChange={setTitle}
        maxLength={300}
        error={problems.title}
        isRequired
      />
      <FormActions>
        <Button type="submit" isPending={create.isPending}>
          {t('create.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}
