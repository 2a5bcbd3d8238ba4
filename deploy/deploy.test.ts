import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Copy, DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, parseDocument } from 'yaml';
import * as apiConfig from '../apps/api/src/config.ts';

/*
 * The deployment files, checked without a container engine or a cluster (none runs on these
 * machines): each against its published schema (the Compose Specification's JSON schema as dclint
 * ships it; Kubernetes' OpenAPI schemas as kubernetes-models and @kubernetes-models/* ship them;
 * the Dockerfile through the parser and linter of the Docker language server), then what this
 * project needs of them, and every environment variable they set against config.ts.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KUBERNETES = path.join(ROOT, 'deploy/kubernetes');
const require = createRequire(import.meta.url);

const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');

// Manifests are plain YAML read into plain objects; the tests walk them by path.
// biome-ignore lint/suspicious/noExplicitAny: a parsed manifest has no static type
type Manifest = any;

/** As docker compose reads it (YAML 1.2; `<<` merges). */
function parseCompose(text: string): Manifest {
  return parseDocument(text, { merge: true }).toJS();
}

/** As kubectl reads manifests: YAML 1.1, where a mode such as 0440 is octal. */
function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text, { version: '1.1' }).map((document) => document.toJS());
}

function parseManifest(text: string): Manifest {
  const [manifest, ...rest] = parseManifests(text);
  expect(rest).toEqual([]);
  return manifest;
}

/**
 * Every variable config.ts reads, and those it also reads from a file named by `<NAME>_FILE`
 * (SECRET_FILE_VARIABLES arrives with issue 26's `_FILE` support, hence read by name here).
 */
const ENV_NAMES = new Set(Object.keys(apiConfig.EnvSchema.shape));
const SECRET_FILE_NAMES = new Set(
  ((apiConfig as Record<string, unknown>).SECRET_FILE_VARIABLES as readonly string[] | undefined) ?? [],
);

function unknownVariables(names: Iterable<string>): string[] {
  return [...names].filter((name) => {
    if (ENV_NAMES.has(name)) return false;
    const secret = name.endsWith('_FILE') ? name.slice(0, -'_FILE'.length) : null;
    return !(secret && SECRET_FILE_NAMES.has(secret));
  });
}

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const instructions = dockerfile.getInstructions();
  const froms = dockerfile.getFROMs();
  const runtimeStart = froms.at(-1)?.getRange().start.line ?? 0;
  /** Instructions of the last stage, the image that runs. */
  const runtime = instructions.filter((instruction) => instruction.getRange().start.line >= runtimeStart);
  const lastOf = (keyword: string) =>
    runtime.filter((instruction) => instruction.getKeyword() === keyword).at(-1);

  it('parses and passes the Docker language server linter', () => {
    expect(instructions.length).toBeGreaterThan(10);
    expect(lintDockerfile(text)).toEqual([]);
  });

  it('builds in stages from one Node 24 LTS image pinned to a release', () => {
    expect(froms.map((from) => from.getBuildStage())).toEqual([
      'build',
      'production-dependencies',
      'runtime',
    ]);
    const nodeImage = dockerfile
      .getInitialARGs()
      .find((arg) => arg.getProperty()?.getName() === 'NODE_IMAGE')
      ?.getProperty()
      ?.getValue();
    expect(nodeImage).toMatch(/^node:24\.\d+\.\d+-[a-z]+-slim$/);
    for (const from of froms) expect(from.getImage()).toMatch(/^\$\{NODE_IMAGE\}$/);
  });

  it('installs production dependencies only for the runtime and builds the web app in the build stage', () => {
    const runs = instructions
      .filter((instruction) => instruction.getKeyword() === 'RUN')
      .map((instruction) => instruction.getArgumentsContent());
    expect(runs).toContain('npm ci');
    expect(runs).toContain('npm run build -w @nbr/web');
    expect(
      runs.some((run) => run?.startsWith('npm ci --omit=dev --workspace @nbr/api --workspace @nbr/domain')),
    ).toBe(true);
    const copies = instructions.filter((instruction): instruction is Copy => instruction instanceof Copy);
    const described = (copy: Copy) =>
      [copy.getFromFlag()?.getValue(), ...copy.getArguments().map((argument) => argument.getValue())]
        .filter(Boolean)
        .join(' ');
    const runtimeCopies = copies.filter((copy) => runtime.includes(copy)).map(described);
    expect(runtimeCopies).toContain('production-dependencies /app/node_modules node_modules');
    expect(runtimeCopies).toContain('build /app/apps/web/dist apps/web/dist');
    // Everything copied from the repository exists (a renamed folder breaks the build, not a deploy).
    for (const copy of copies.filter((each) => !each.getFromFlag())) {
      const sources = copy.getArguments().slice(0, -1);
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources)
        expect(existsSync(path.join(ROOT, source.getValue())), source.getValue()).toBe(true);
    }
  });

  it('runs as a non-root user by number, with DATA_DIR and WEB_DIST_DIR set', () => {
    expect(lastOf('USER')?.getArgumentsContent()).toBe('1000:1000');
    const env = lastOf('ENV')?.getArgumentsContent() ?? '';
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('DATA_DIR=/data');
    expect(env).toContain('WEB_DIST_DIR=/app/apps/web/dist');
    expect(unknownVariables(['NODE_ENV', 'PORT', 'DATA_DIR', 'WEB_DIST_DIR'])).toEqual([]);
  });

  it('checks liveness, stops on SIGTERM, and runs the server as PID 1 (no npm or tsx in between)', () => {
    expect(lastOf('HEALTHCHECK')?.getArgumentsContent()).toContain('/api/health/live');
    expect(lastOf('STOPSIGNAL')?.getArgumentsContent()).toBe('SIGTERM');
    const command = JSON.parse(lastOf('CMD')?.getArgumentsContent() ?? 'null') as string[];
    // As scripts/start.mjs starts it: tsx, then OpenTelemetry's preload, then the server.
    expect(command).toEqual([
      'node',
      '--import',
      'tsx',
      '--import',
      './apps/api/src/telemetry.ts',
      'apps/api/src/server.ts',
    ]);
    for (const file of command.slice(4)) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    expect(runtime.some((instruction) => instruction.getKeyword() === 'ENTRYPOINT')).toBe(false);
  });

  it('leaves installed and built files, data and history out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env'])
      expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = parseCompose(read('compose.yaml'));
  const services = compose.services as Record<string, Manifest>;
  const temporary: string[] = [];
  afterAll(() => {
    for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
  });

  it('is valid against the Compose Specification schema', () => {
    const schemaFile = path.join(
      path.dirname(require.resolve('dclint/package.json')),
      'schemas/compose.schema.json',
    );
    // Draft-07, Ajv's own default (the file names it by an address Ajv does not know by heart).
    const { $schema, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8'));
    expect($schema).toMatch(/draft-07/);
    // Not strict: the schema uses union types and keywords (deprecated) Ajv would otherwise refuse.
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('runs PostgreSQL, Redis, an S3 store with its bucket, Mailpit, migrations, two API instances and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'api-1',
        'api-2',
        'generate-secrets',
        'mailpit',
        'migrate',
        'minio',
        'minio-bucket',
        'postgres',
        'proxy',
        'redis',
      ].sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      expect(service.image, name).toMatch(/:[\w.-]+$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
    for (const name of ['api-1', 'api-2']) {
      expect(services[name].depends_on.migrate.condition).toBe('service_completed_successfully');
      expect(services[name].read_only).toBe(true);
      expect(services[name].tmpfs).toContain('/tmp');
    }
    expect(services.migrate.command).toEqual(['node', '--import', 'tsx', 'apps/api/src/cli/migrate.ts']);
    expect(services.migrate.depends_on.postgres.condition).toBe('service_healthy');
    expect(services['minio-bucket'].command.join(' ')).toContain(
      `mb --ignore-existing local/${services['api-1'].environment.S3_BUCKET}`,
    );
  });

  it('puts both instances behind Caddy, which checks readiness; only the proxy and the tools are published', () => {
    const caddyfile = read('deploy/compose/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy api-1:3000 api-2:3000 \{/);
    expect(caddyfile).toContain('health_uri /api/health/ready');
    expect(services.proxy.volumes).toContain('./deploy/compose/Caddyfile:/etc/caddy/Caddyfile:ro');
    const published = Object.entries(services).flatMap(([name, service]) =>
      ((service.ports ?? []) as string[]).map((port) => `${name} ${port}`),
    );
    // Bound to this machine only: nothing of the stack is reachable from the network.
    for (const port of published) expect(port).toMatch(/ 127\.0\.0\.1:/);
    expect(published.some((port) => port.startsWith('api-'))).toBe(false);
    expect(services['api-1'].environment.PUBLIC_URL).toBe('https://localhost:8443');
  });

  it('sets only variables config.ts reads', () => {
    const names = ['api-1', 'api-2', 'migrate'].flatMap((name) => Object.keys(services[name].environment));
    expect(unknownVariables(new Set(names))).toEqual([]);
  });

  it('configures a production that config.ts accepts, with the secrets generate-secrets.mjs writes', () => {
    const secrets = mkdtempSync(path.join(os.tmpdir(), 'nbr-compose-secrets-'));
    temporary.push(secrets);
    execFileSync(process.execPath, [path.join(ROOT, 'deploy/compose/generate-secrets.mjs'), secrets]);
    const env = Object.fromEntries(
      Object.entries(services['api-1'].environment as Record<string, string>).map(([name, value]) => [
        name,
        String(value).replace('/run/secrets/nbr/', `${secrets}/`),
      ]),
    );
    const config = apiConfig.loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.database.kind).toBe('postgres');
    expect(config.files.storage.kind).toBe('s3');
    expect(config.mail.transport).toBe('smtp');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.trustProxy).toBe(1);
    expect(config.payments.reepay.mode).toBe('provider');
    expect(new URL(config.payments.reepay.apiUrl).hostname).toMatch(/\.invalid$/);
    expect(new URL(config.payments.vipps.apiUrl).hostname).toMatch(/\.invalid$/);
  });
});

/** A kustomization and the manifests it lists, parsed. */
function kustomization(directory: string): { kustomization: Manifest; resources: Manifest[] } {
  const kustomization = parseManifest(
    readFileSync(path.join(KUBERNETES, directory, 'kustomization.yaml'), 'utf8'),
  );
  const resources = (kustomization.resources as string[]).flatMap((file) =>
    parseManifests(readFileSync(path.join(KUBERNETES, directory, file), 'utf8')),
  );
  return { kustomization, resources };
}

/** The kubernetes-models class of a manifest's apiVersion and kind (the published OpenAPI schema). */
async function modelOf(manifest: Manifest): Promise<new (data: Manifest) => { validate(): void }> {
  const [group, version] = String(manifest.apiVersion).includes('/')
    ? String(manifest.apiVersion).split('/')
    : [null, manifest.apiVersion];
  const module =
    group === 'monitoring.coreos.com'
      ? await import(`@kubernetes-models/prometheus-operator/${group}/${version}/${manifest.kind}`)
      : await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${manifest.kind}`);
  return module[manifest.kind];
}

function byKind(resources: Manifest[], kind: string): Manifest {
  const found = resources.filter((resource) => resource.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0];
}

const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  const app = kustomization('app');
  const migrate = kustomization('migrate');
  const database = kustomization('database');
  const secretExample = parseManifest(readFileSync(path.join(KUBERNETES, 'secrets.example.yaml'), 'utf8'));
  const deployment = byKind(app.resources, 'Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const configMap = byKind(app.resources, 'ConfigMap');
  const job = byKind(migrate.resources, 'Job');

  it('lists every manifest of each directory in its kustomization', () => {
    for (const directory of ['app', 'migrate', 'database']) {
      const listed = kustomization(directory).kustomization.resources as string[];
      const files = readdirSync(path.join(KUBERNETES, directory)).filter(
        (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
      );
      expect(listed.sort(), directory).toEqual(files.sort());
    }
  });

  it('is valid against the Kubernetes and Prometheus Operator OpenAPI schemas', async () => {
    const manifests = [
      ...app.resources,
      ...migrate.resources,
      ...database.resources.filter((resource) => resource.kind !== 'Cluster'),
      secretExample,
    ];
    expect(manifests.length).toBeGreaterThanOrEqual(11);
    for (const manifest of manifests) {
      const Model = await modelOf(manifest);
      expect(
        () => new Model(manifest).validate(),
        `${manifest.kind} ${manifest.metadata?.name}`,
      ).not.toThrow();
    }
  });

  it('names the CloudNativePG Cluster whose app secret the API and the Job mount', () => {
    // No package publishes CloudNativePG's CRD schema: its ObjectMeta is checked against
    // Kubernetes' own, and the fields this project relies on by path.
    const cluster = byKind(database.resources, 'Cluster');
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec.instances).toBeGreaterThanOrEqual(2);
    expect(cluster.spec.bootstrap.initdb).toMatchObject({ database: 'nbr', owner: 'nbr' });
    expect(cluster.spec.storage.size).toMatch(/^\d+Gi$/);
    for (const spec of [pod, job.spec.template.spec]) {
      const volume = spec.volumes.find((candidate: Manifest) => candidate.name === 'database');
      // CloudNativePG names the owner's secret <cluster>-app and keeps the connection string under `uri`.
      expect(volume.secret).toMatchObject({
        secretName: `${cluster.metadata.name}-app`,
        items: [{ key: 'uri' }],
      });
    }
  });

  it('probes liveness, readiness and start-up on the health endpoints', () => {
    expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
    expect(container.ports.map((port: Manifest) => port.name)).toEqual(['http', 'metrics']);
    expect(String(container.ports[1].containerPort)).toBe(configMap.data.METRICS_PORT);
    expect(container.resources.requests).toMatchObject({
      cpu: expect.any(String),
      memory: expect.any(String),
    });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
  });

  it('waits longer than the drain and the grace before killing an instance', () => {
    const drain = Number(configMap.data.SHUTDOWN_DRAIN_SECONDS);
    const grace = Number(configMap.data.SHUTDOWN_GRACE_SECONDS);
    expect(drain).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(drain + grace + 5);
  });

  it('runs the API and the Job non-root, read-only, without privilege escalation or capabilities', () => {
    for (const spec of [pod, job.spec.template.spec]) {
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 });
      expect(spec.automountServiceAccountToken).toBe(false);
      for (const each of spec.containers) {
        expect(each.securityContext).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          runAsNonRoot: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(each.volumeMounts.map((mount: Manifest) => mount.mountPath)).toContain('/tmp');
      }
    }
  });

  it('gives the migrations Job the same image, configuration and secrets as the API, running db:migrate', () => {
    const jobContainer = job.spec.template.spec.containers[0];
    expect(jobContainer.image).toBe(container.image);
    expect(jobContainer.envFrom).toEqual(container.envFrom);
    expect(jobContainer.env).toEqual(container.env);
    expect(jobContainer.command).toEqual(['node', '--import', 'tsx', 'apps/api/src/cli/migrate.ts']);
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['db:migrate']).toBe(
      jobContainer.command.join(' '),
    );
    expect(migrate.kustomization.images).toEqual(app.kustomization.images);
    for (const image of app.kustomization.images) expect(image.newTag).not.toBe('latest');
  });

  it('mounts every secret file the variables name, from keys the secret has', () => {
    const mounts = new Map<string, string>(
      container.volumeMounts.map((mount: Manifest) => [mount.mountPath, mount.name]),
    );
    const volumes = new Map<string, Manifest>(pod.volumes.map((volume: Manifest) => [volume.name, volume]));
    const fileVariables = container.env.filter((variable: Manifest) => variable.name.endsWith('_FILE'));
    expect(fileVariables.length).toBeGreaterThan(10);
    for (const variable of fileVariables) {
      const directory = path.posix.dirname(variable.value);
      const volume = volumes.get(mounts.get(directory) ?? '');
      expect(volume?.secret, variable.name).toBeDefined();
      const key = path.posix.basename(variable.value);
      if (volume.secret.secretName === secretExample.metadata.name) {
        expect(Object.keys(secretExample.stringData), variable.name).toContain(key);
      } else {
        expect(volume.secret.items.map((item: Manifest) => item.path)).toContain(key);
      }
    }
    for (const variable of container.env.filter((each: Manifest) => each.valueFrom)) {
      expect(Object.keys(secretExample.stringData)).toContain(variable.valueFrom.secretKeyRef.key);
    }
  });

  it('sets only variables config.ts reads', () => {
    const names = [
      ...Object.keys(configMap.data),
      ...container.env.map((variable: Manifest) => variable.name),
    ];
    expect(unknownVariables(new Set(names))).toEqual([]);
    expect(configMap.data.NODE_ENV).toBe('production');
    expect(configMap.data.PUBLIC_URL).toMatch(/^https:\/\//);
    expect(configMap.data.TRUST_PROXY).not.toBe('false');
  });

  it('selects the API pods from the Service, PDB, HPA, NetworkPolicy and ServiceMonitor; the Ingress routes http only', () => {
    const labels = deployment.spec.template.metadata.labels;
    const service = byKind(app.resources, 'Service');
    expect(matches(deployment.spec.selector.matchLabels, labels)).toBe(true);
    expect(matches(service.spec.selector, labels)).toBe(true);
    expect(matches(byKind(app.resources, 'PodDisruptionBudget').spec.selector.matchLabels, labels)).toBe(
      true,
    );
    expect(matches(byKind(app.resources, 'NetworkPolicy').spec.podSelector.matchLabels, labels)).toBe(true);
    expect(
      matches(byKind(app.resources, 'ServiceMonitor').spec.selector.matchLabels, service.metadata.labels),
    ).toBe(true);
    expect(byKind(app.resources, 'ServiceMonitor').spec.endpoints[0]).toMatchObject({
      port: 'metrics',
      path: '/metrics',
    });
    const hpa = byKind(app.resources, 'HorizontalPodAutoscaler');
    expect(deployment.spec.replicas).toBeUndefined();
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(byKind(app.resources, 'PodDisruptionBudget').spec.minAvailable).toBe(1);
    const ingress = byKind(app.resources, 'Ingress');
    const backends = ingress.spec.rules.flatMap((rule: Manifest) =>
      rule.http.paths.map((each: Manifest) => each.backend.service),
    );
    expect(backends).toEqual([{ name: service.metadata.name, port: { name: 'http' } }]);
    expect(
      Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThan(60);
  });
});
