import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInBrowser, signUpViaApi, type TestAccount, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { actingSession } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 28, docks and smart locks, through the screens against the real API with the lock device
 * simulated over a real websocket (apps/api/src/cli/docks-simulate.ts): a person finds a dock from
 * the phone's menu, locks and unlocks their bike at 360 px with the state live on screen; an
 * operator pairs a lock device with the code the screen shows and opens a lock remotely with a
 * reason, and a municipality hands a bike left behind in its dock to its held bikes (the demo dock's,
 * seeded four days old: no API makes a parking that old); a lock whose device goes away shows offline and the person is told plainly, as when the
 * lock does not answer within 10 seconds.
 */

/** What the journeys use of the lock simulator (apps/api/src/cli/docks-simulate.ts, startSimulator). */
interface Simulator {
  setFaults(faults: { silent?: boolean }): void;
  waitUntilConnected(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}
interface SimulatorOptions {
  url: string;
  pairCode: string;
  connectors: number;
  bikeLeavesAfterMs?: number;
}

/**
 * The simulator, loaded when a journey starts one: it is the API's command-line tool (it knows the
 * demo seed), so the e2e project's type check does not take in the API's sources through it.
 */
const SIMULATOR_MODULE = new URL('../apps/api/src/cli/docks-simulate.ts', import.meta.url).href;
async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const simulator = (await import(SIMULATOR_MODULE)) as {
    startSimulator: (options: SimulatorOptions) => Promise<Simulator>;
  };
  return simulator.startSimulator(options);
}

/** The demo seed's dock of Demo Kommune and the bike left behind in it (apps/api/src/db/seed/demo-dock.ts). */
const DEMO_MUNICIPALITY_USER = 'kommune@demo.cykelregister.dk';
const DEMO_DOCK_NAME = 'Rådhuspladsen cykeldock';
const DEMO_LEFT_BEHIND_OWNER = 'ola@demo.cykelregister.dk';
const DEMO_LEFT_BEHIND_FRAME = 'WBK54321M';

const d = (key: string, values?: Record<string, string | number>) =>
  fillText(text('da', 'docks', key), values);
const common = (key: string) => text('da', 'common', key);

/** A valid Danish CVR number (modulus 11), new per call. */
function nextCvr(): string {
  for (;;) {
    const stem = String(1_000_000 + randomInt(0, 8_999_999));
    const sum = [2, 7, 6, 5, 4, 3, 2].reduce(
      (total, weight, index) => total + weight * Number(stem[index]),
      0,
    );
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${stem}${check}`;
  }
}

interface Operator {
  account: TestAccount;
  /** The admin's session acting for the organisation. */
  token: string;
  organisationName: string;
}

/** A business organisation whose admin acts for it: the operator of the journeys' docks. */
async function operatorViaApi(request: APIRequestContext): Promise<Operator> {
  const account = await verifiedAccountViaApi(request, 'dock-operator');
  const organisationName = `Cykelparkering ${randomInt(10_000, 99_999)} ApS`;
  const created = await request.post('/api/organisations', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name: organisationName, type: 'business', region: 'dk', registration_number: nextCvr() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { party_id: partyId } = (await created.json()) as { party_id: string };
  const acting = await request.put('/api/identities/authentications/acting-party', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { party_id: partyId },
  });
  expect(acting.status(), await acting.text()).toBe(200);
  const { authentication_token: token } = (await acting.json()) as { authentication_token: string };
  return { account, token, organisationName };
}

/** A public dock (everyone signed in), open around the clock, of the operator's organisation. */
async function dockViaApi(
  request: APIRequestContext,
  operator: Operator,
): Promise<{ id: string; name: string }> {
  const name = `Banegården ${randomInt(10_000, 99_999)}`;
  const created = await request.post('/api/docks', {
    headers: { authorization: `Bearer ${operator.token}` },
    data: {
      name,
      region: 'dk',
      street_address: 'Banegårdspladsen 1',
      postcode: '8000',
      town: 'Aarhus',
      latitude: 56.1503,
      longitude: 10.2045,
      opening_hours: null,
      access: 'signed_in',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { dock } = (await created.json()) as { dock: { id: string } };
  return { id: dock.id, name };
}

/** A lock device paired with a one-time code through the API, simulated over a real websocket. */
async function deviceViaApi(
  request: APIRequestContext,
  baseURL: string,
  operator: Operator,
  dockId: string,
  /** How long a bike stays in a lock after it was opened, before the simulated person takes it out. */
  bikeLeavesAfterMs = 1500,
): Promise<Simulator> {
  const slot = await request.post(`/api/docks/${dockId}/devices`, {
    headers: { authorization: `Bearer ${operator.token}` },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  const { code } = (await slot.json()) as { code: string };
  const simulator = await startSimulator({
    url: baseURL,
    pairCode: code,
    connectors: 2,
    bikeLeavesAfterMs,
  });
  await simulator.waitUntilConnected(15_000);
  return simulator;
}

async function locksOf(request: APIRequestContext, token: string, dockId: string) {
  const answer = await request.get(`/api/docks/${dockId}/locks`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { locks: Array<{ id: string; label: string; state: string }> }).locks;
}

/** The id of the lock labelled `label`, once the device has reported it free. */
async function freeLock(
  request: APIRequestContext,
  token: string,
  dockId: string,
  label: string,
): Promise<string> {
  await expect
    .poll(async () => (await locksOf(request, token, dockId)).find((lock) => lock.label === label)?.state)
    .toBe('free');
  const lock = (await locksOf(request, token, dockId)).find((candidate) => candidate.label === label);
  return lock?.id ?? '';
}

/** The person locks their bike through the API (as the lock screen does). */
async function lockViaApi(
  request: APIRequestContext,
  person: TestAccount,
  dockId: string,
  lockId: string,
  bikeId: string,
): Promise<void> {
  const answer = await request.post(`/api/docks/${dockId}/locks/${lockId}/lock`, {
    headers: { authorization: `Bearer ${person.token}`, 'idempotency-key': randomUUID() },
    data: { bike_id: bikeId },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { outcome: string }).outcome).toBe('accepted');
}

const liveState = (page: Page) => page.getByTestId('lock-state');

let simulators: Simulator[] = [];
test.afterEach(async () => {
  await Promise.all(simulators.map((simulator) => simulator.stop()));
  simulators = [];
});

test('a person finds a dock from the phone menu, locks their bike and unlocks it, live @phone', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const operator = await operatorViaApi(request);
  const dock = await dockViaApi(request, operator);
  // The bike stays in the opened lock long enough to read what the screen says to the one who opened it.
  simulators.push(await deviceViaApi(request, baseURL ?? '', operator, dock.id, 5000));
  const person = await signUpViaApi(request, { email: `dock-person-${randomUUID()}@example.test` });
  await registerBikeViaApi(request, person, 'Pendlercyklen');
  await freeLock(request, person.token, dock.id, '1');

  await signInBrowser(page, person.token);
  await page.goto('/app');
  await page.getByRole('button', { name: common('shell.openMenu'), exact: true }).click();
  await page
    .getByRole('navigation', { name: common('shell.appNavigation') })
    .getByRole('link', { name: common('nav.docks') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('list.title'));
  const dockItem = page.getByTestId('dock-item').filter({ hasText: dock.name });
  await expect(dockItem).toContainText(d('list.freeOf', { free: 2, total: 2 }));
  await expectNoA11yViolations(page);
  await dockItem.getByRole('link', { name: dock.name }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dock.name);
  await expect(page.getByText(d('live.on'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: d('locks.lockName', { label: '1' }) }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('lock.title', { label: '1' }));
  await expect(liveState(page)).toContainText(d('states.free'));
  // Her one registered bike is chosen already.
  await expect(page.getByRole('radio', { name: /Pendlercyklen/ })).toBeChecked();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: d('lock.lock') }).click();
  await expect(page.getByTestId('command-outcome')).toContainText(d('outcome.locked'));
  await expect(liveState(page)).toContainText(d('states.locked'));
  await expect(liveState(page)).toContainText(/Pendlercyklen/);

  // Back on the list, her dock stands out: her bike is here.
  await page.goto('/app/docks');
  await expect(page.getByTestId('dock-item').filter({ hasText: dock.name })).toContainText(
    text('da', 'docks', 'list.myBikeHere_one'),
  );
  await page.goBack();

  await page.getByRole('button', { name: d('lock.unlock') }).click();
  await expect(page.getByTestId('command-outcome')).toContainText(d('outcome.unlocked'));
  // Her bike still stands in the open lock: she is told to take it out, not that it is not locked.
  await expect(liveState(page)).toContainText(d('stateHelp.occupiedJustUnlocked'));
  await expect(liveState(page)).not.toContainText(d('stateHelp.occupied'));
  // She takes the bike out: the lock is free again, shown live without reloading, and only that is said.
  await expect(liveState(page)).toContainText(d('states.free'), { timeout: 15_000 });
  await expect(page.getByTestId('command-outcome')).toHaveCount(0);
  await expect(page.getByRole('button', { name: d('lock.lock') })).toBeVisible();
});

test('an operator pairs a lock device with the code on screen and opens a lock remotely with a reason; a municipality hands a bike left behind to its held bikes', async ({
  page,
  request,
  baseURL,
}) => {
  // Two operators' pages, one after the other.
  test.setTimeout(120_000);
  const operator = await operatorViaApi(request);
  const dock = await dockViaApi(request, operator);

  await signInBrowser(page, operator.token);
  await page.goto('/app/docks');
  await page
    .getByRole('link', { name: d('list.operate', { organisation: operator.organisationName }) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('operator.title'));
  await page.getByRole('link', { name: dock.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dock.name);
  await expect(page.getByText(d('operate.noLocks'))).toBeVisible();

  await page.getByRole('button', { name: d('devices.pair') }).click();
  const code = (await page.getByTestId('pairing-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  await expect(page.getByText(d('devices.codeOnce'))).toBeVisible();
  await expectNoA11yViolations(page);

  const simulator = await startSimulator({
    url: baseURL ?? '',
    pairCode: code,
    connectors: 2,
    bikeLeavesAfterMs: 1500,
  });
  simulators.push(simulator);
  await simulator.waitUntilConnected(15_000);
  // The device's two locks appear on the open page, free, and the device is connected.
  const locks = page.getByTestId('operator-lock');
  await expect(locks).toHaveCount(2, { timeout: 20_000 });
  await expect(locks.first()).toContainText(d('states.free'));
  await expect(page.getByTestId('dock-device')).toContainText(d('devices.online'));

  const person = await signUpViaApi(request, { email: `dock-parker-${randomUUID()}@example.test` });
  const bike = await registerBikeViaApi(request, person, 'Ladcyklen');
  const lockId = await freeLock(request, person.token, dock.id, '1');
  await lockViaApi(request, person, dock.id, lockId, bike.bikeId);

  const lockOne = page.locator(`[data-testid="operator-lock"][data-lock-id="${lockId}"]`);
  await expect(lockOne).toContainText(d('states.locked'));
  // The operator never sees who parked, only since when.
  await expect(lockOne).not.toContainText(person.email);
  await expect(lockOne).toContainText(d('operate.parkedSince', { time: '' }).trim());

  await lockOne.getByRole('button', { name: d('operate.remoteOpen') }).click();
  const dialog = page.getByRole('dialog', { name: d('operate.remoteOpenTitle', { label: '1' }) });
  await dialog.getByRole('button', { name: d('operate.remoteOpenConfirm') }).click();
  await expect(dialog.getByText(common('validation.required'))).toBeVisible();
  await dialog.getByRole('textbox', { name: d('operate.reason') }).fill('Cyklen spærrer for nødudgangen');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: d('operate.remoteOpenConfirm') }).click();
  await expect(dialog.getByText(d('operate.remoteOpened'))).toBeVisible();
  await dialog.getByRole('button', { name: common('actions.close') }).click();
  // Opened, the bike is taken out: free again, live.
  await expect(lockOne).toContainText(d('states.free'), { timeout: 15_000 });

  // Lock 2 out of service with a reason, and back: shown live on the lock.
  const lockTwo = locks.filter({ hasText: d('locks.lockName', { label: '2' }) });
  await lockTwo.getByRole('button', { name: d('operate.outOfService') }).click();
  const serviceDialog = page.getByRole('dialog', { name: d('operate.outOfServiceTitle', { label: '2' }) });
  await serviceDialog.getByRole('textbox', { name: d('operate.reason') }).fill('Bolten sidder fast');
  await serviceDialog.getByRole('button', { name: d('operate.outOfService') }).click();
  await expect(lockTwo).toContainText(d('states.out_of_service'));
  await expect(lockTwo).toContainText(d('operate.outOfServiceBecause', { reason: 'Bolten sidder fast' }));
  await lockTwo.getByRole('button', { name: d('operate.backInService') }).click();
  await expect(lockTwo).toContainText(d('states.free'));

  await lockOne.getByRole('link', { name: d('operate.history') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('history.title', { label: '1' }));
  await expect(page.getByTestId('history-entry').first()).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Cyklen spærrer for nødudgangen');
  await expectNoA11yViolations(page);

  // A municipality may take bikes in for their owners: the demo seed's dock of Demo Kommune has Ola's
  // bike in A8 since four days (the limit is 72 hours). Last in the journey: it is handed over once.
  const municipality = await actingSession(request, DEMO_MUNICIPALITY_USER, 'Demo Kommune');
  await signInBrowser(page, municipality.token);
  await page.goto('/app/docks/operate');
  await page.getByRole('link', { name: DEMO_DOCK_NAME }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_DOCK_NAME);
  const leftBehind = page.getByTestId('left-behind').filter({ hasText: DEMO_LEFT_BEHIND_FRAME });
  await expect(leftBehind).toContainText(d('locks.lockName', { label: 'A8' }));
  await leftBehind.getByRole('button', { name: d('leftBehind.handOver') }).click();
  const handOver = page.getByRole('dialog', { name: d('leftBehind.handOverTitle', { label: 'A8' }) });
  await handOver
    .getByRole('textbox', { name: d('leftBehind.place') })
    .fill('Kommunens cykelgård, Islands Brygge 37');
  await expectNoA11yViolations(page);
  await handOver.getByRole('button', { name: d('leftBehind.handOver') }).click();
  await expect(handOver).toBeHidden();
  await expect(leftBehind).toHaveCount(0);
  // The held-bike workflow tells the owner where and until when to collect it.
  await waitForMail(request, DEMO_LEFT_BEHIND_OWNER, { linkPath: '/app/item-pickup' });
});

test('a lock whose device goes away shows offline and the person is told; a lock that does not answer says nothing was opened', async ({
  page,
  request,
  baseURL,
}) => {
  const operator = await operatorViaApi(request);
  const dock = await dockViaApi(request, operator);
  const simulator = await deviceViaApi(request, baseURL ?? '', operator, dock.id);
  simulators.push(simulator);
  const person = await signUpViaApi(request, { email: `dock-offline-${randomUUID()}@example.test` });
  const bike = await registerBikeViaApi(request, person, 'Hverdagscyklen');
  const lockId = await freeLock(request, person.token, dock.id, '1');
  await lockViaApi(request, person, dock.id, lockId, bike.bikeId);

  await signInBrowser(page, person.token);
  await page.goto(`/app/docks/${dock.id}/locks/${lockId}`);
  await expect(liveState(page)).toContainText(d('states.locked'));
  await expect(page.getByText(d('live.on'))).toBeVisible();

  // The lock falls silent (no answer, no report): after 10 seconds the person reads that nothing was opened.
  simulator.setFaults({ silent: true });
  await page.getByRole('button', { name: d('lock.unlock') }).click();
  await expect(page.getByTestId('command-outcome')).toContainText(d('outcome.timedOut'), { timeout: 20_000 });
  await expect(liveState(page)).not.toContainText(d('states.free'));
  await expectNoA11yViolations(page);

  // The device's connection drops for good: the lock is shown offline at once, with what it means.
  await simulator.stop();
  simulators = [];
  await expect(liveState(page)).toContainText(d('states.offline'), { timeout: 15_000 });
  await expect(liveState(page)).toContainText(d('stateHelp.offline'));
  await page.getByRole('button', { name: d('lock.unlock') }).click();
  await expect(page.getByTestId('command-outcome')).toContainText(d('errors.lock_offline'));

  // The large live view at the dock says the same.
  await page.goto(`/app/docks/${dock.id}/locks/${lockId}/websocket`);
  await expect(page.getByTestId('live-lock-state')).toContainText(d('states.offline'));
  await expectNoA11yViolations(page);
});

test('an operator creates a dock with its address, position, opening hours and who may use it', async ({
  page,
  request,
}) => {
  const operator = await operatorViaApi(request);
  await signInBrowser(page, operator.token);
  await page.goto('/app/docks/operate');
  await expect(page.getByText(d('operator.none'))).toBeVisible();
  await page.getByRole('link', { name: d('operator.newDock') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d('form.newTitle'));

  const name = `Stationspladsen ${randomInt(10_000, 99_999)}`;
  await page.getByRole('textbox', { name: d('form.name') }).fill(name);
  await page.getByRole('textbox', { name: d('form.streetAddress') }).fill('Stationspladsen 4');
  await page.getByRole('textbox', { name: d('form.postcode') }).fill('4000');
  await page.getByRole('textbox', { name: d('form.town') }).fill('Roskilde');
  // Saving without a position names the field.
  await page.getByRole('button', { name: d('form.create') }).click();
  await expect(page.getByText(d('form.fixFields'))).toBeVisible();
  await page.getByRole('textbox', { name: d('form.latitude') }).fill('55,6392');
  await page.getByRole('textbox', { name: d('form.longitude') }).fill('12,0880');
  await expect(page.getByTestId('dock-position-map')).toBeVisible();

  // Open 06–23 on weekdays, closed on Sunday.
  await page.getByText(d('hours.always'), { exact: true }).click();
  const sunday = text('da', 'docks', 'weekdays.sun');
  await page.getByRole('checkbox', { name: sunday }).uncheck({ force: true });
  await expect(page.getByRole('textbox', { name: d('form.opensOn', { day: sunday }) })).toHaveCount(0);
  // Only named people.
  await page.getByRole('radio', { name: new RegExp(d('access.people')) }).check({ force: true });
  await page.getByRole('textbox', { name: d('form.people') }).fill('rytter@example.test');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: d('form.create') }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(d('operate.noLocks'))).toBeVisible();
  await page.getByRole('link', { name: d('operate.edit'), exact: true }).click();
  await expect(page.getByRole('textbox', { name: d('form.people') })).toHaveValue('rytter@example.test');
  await expect(page.getByRole('checkbox', { name: sunday })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: text('da', 'docks', 'weekdays.mon') })).toBeChecked();

  // Not on the list of a person who is not named.
  const stranger = await signUpViaApi(request, { email: `dock-stranger-${randomUUID()}@example.test` });
  const docks = await request.get('/api/docks', { headers: { authorization: `Bearer ${stranger.token}` } });
  expect(JSON.stringify(await docks.json())).not.toContain(name);
});
