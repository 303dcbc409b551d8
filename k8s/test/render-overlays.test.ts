// Renders each kustomize overlay with the real kustomize and validates every document against the
// Kubernetes OpenAPI schemas in strict mode (unknown fields and unknown kinds fail), then checks the
// properties the manifests promise: hardened service pods, gRPC liveness, ingress routes, migrate Job.
// Tools come from k8s/scripts/install-tools.sh (kustomize from the Go module proxy,
// kubernetes-validate from PyPI, which ships the schemas).
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const k8sDir = join(import.meta.dirname, "..");
const tooling = join(k8sDir, "..", ".tooling");
const kustomize = join(tooling, "bin", "kustomize");
const venvBin = join(tooling, "k8s-venv", "bin");
const validator = join(venvBin, "kubernetes-validate");
const python = join(venvBin, "python");

/** Oldest and newest Kubernetes minor versions the manifests must satisfy. */
const KUBERNETES_VERSIONS = ["1.30", "1.37"];
const SERVICES = ["gateway", "accounts", "statuses", "timelines", "federation", "media", "trends", "moderation"];
const GRPC_PORTS: Record<string, number> = {
  gateway: 50050, accounts: 50051, statuses: 50052, timelines: 50053,
  federation: 50054, media: 50055, trends: 50056, moderation: 50057,
};
const ROUTES: Array<[path: string, service: string]> = [
  ["/api", "gateway"],
  ["/oauth", "gateway"],
  ["/.well-known/oauth-authorization-server", "gateway"],
  ["/.well-known/webfinger", "federation"],
  ["/.well-known/host-meta", "federation"],
  ["/.well-known/nodeinfo", "federation"],
  ["/nodeinfo", "federation"],
  ["/users", "federation"],
  ["/inbox", "federation"],
  ["/actor", "federation"],
  ["/tags", "federation"],
  ["/emojis", "federation"],
];

// Loose shape of a rendered object: only the fields the assertions read.
type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: any; data?: any };

function render(overlay: string): { yaml: string; docs: Obj[] } {
  const yaml = execFileSync(kustomize, ["build", join(k8sDir, "overlays", overlay)], { encoding: "utf8" });
  // PyYAML comes with kubernetes-validate; parsing there keeps this package free of a YAML dependency.
  const json = execFileSync(python, ["-c", "import sys,json,yaml; json.dump([d for d in yaml.safe_load_all(sys.stdin) if d], sys.stdout)"], {
    input: yaml,
    encoding: "utf8",
  });
  return { yaml, docs: JSON.parse(json) as Obj[] };
}

function find(docs: Obj[], kind: string, name: string): Obj | undefined {
  return docs.find((d) => d.kind === kind && d.metadata.name === name);
}

function serverContainer(deployment: Obj): any {
  return deployment.spec.template.spec.containers.find((c: any) => c.name === "server");
}

describe("k8s manifests", function () {
  before(function () {
    const missing = [kustomize, validator, python].filter((tool) => !existsSync(tool));
    if (missing.length > 0) {
      throw new Error(`k8s test tools missing (${missing.join(", ")}): run \`bash k8s/scripts/install-tools.sh\` first (the repository's pnpm test does)`);
    }
  });

  for (const overlay of ["dev", "prod"]) {
    describe(`the ${overlay} overlay`, function () {
      let rendered: { yaml: string; docs: Obj[] };
      before(function () {
        rendered = render(overlay);
      });

      for (const version of KUBERNETES_VERSIONS) {
        it(`renders documents that the Kubernetes ${version} schemas accept strictly`, function () {
          const dir = mkdtempSync(join(tmpdir(), "starling-k8s-"));
          try {
            const file = join(dir, `${overlay}.yaml`);
            writeFileSync(file, rendered.yaml);
            // --quiet prints only warnings and failures; a warning (e.g. no schema for a kind) fails too.
            const run = spawnSync(validator, ["--strict", "--quiet", "-k", version, file], { encoding: "utf8" });
            const output = `${run.stdout}${run.stderr}`.trim();
            assert.equal(run.status, 0, output);
            assert.equal(output, "", "validator reported warnings");
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        });
      }

      it("gives every service a Deployment that runs non-root on a read-only root filesystem", function () {
        for (const service of SERVICES) {
          const deployment = find(rendered.docs, "Deployment", service);
          assert.ok(deployment, `no Deployment ${service}`);
          const pod = deployment.spec.template.spec;
          const container = serverContainer(deployment);
          assert.ok(container, `${service}: no container named server`);
          assert.equal(pod.securityContext.runAsNonRoot, true, service);
          assert.equal(container.securityContext.runAsNonRoot, true, service);
          assert.equal(container.securityContext.runAsUser, 10001, service);
          assert.equal(container.securityContext.readOnlyRootFilesystem, true, service);
          assert.equal(container.securityContext.allowPrivilegeEscalation, false, service);
          assert.deepEqual(container.securityContext.capabilities.drop, ["ALL"], service);
          assert.equal(pod.securityContext.seccompProfile.type, "RuntimeDefault", service);
          const tmp = container.volumeMounts.find((m: any) => m.mountPath === "/tmp");
          assert.ok(pod.volumes.some((v: any) => v.name === tmp?.name && v.emptyDir), `${service}: /tmp is not an emptyDir`);
          assert.ok(container.resources.requests && container.resources.limits, `${service}: resources`);
        }
      });

      it("probes liveness over native gRPC and readiness over HTTP /readyz", function () {
        for (const service of SERVICES) {
          const container = serverContainer(find(rendered.docs, "Deployment", service)!);
          assert.deepEqual(container.livenessProbe.grpc, { port: GRPC_PORTS[service] }, service);
          assert.deepEqual(container.readinessProbe.httpGet, { path: "/readyz", port: "admin" }, service);
          const portNames = container.ports.map((p: any) => p.name);
          assert.ok(portNames.includes("grpc") && portNames.includes("admin"), service);
        }
      });

      it("exposes every service through a Service whose ports are named", function () {
        for (const service of SERVICES) {
          const svc = find(rendered.docs, "Service", service);
          assert.ok(svc, `no Service ${service}`);
          const names = svc.spec.ports.map((p: any) => p.name);
          assert.ok(names.includes("grpc") && names.includes("admin"), service);
          assert.deepEqual(svc.spec.selector, { "app.kubernetes.io/name": service });
        }
        assert.ok(find(rendered.docs, "Service", "gateway")!.spec.ports.some((p: any) => p.name === "http" && p.port === 3000));
        assert.ok(find(rendered.docs, "Service", "federation")!.spec.ports.some((p: any) => p.name === "http" && p.port === 3001));
      });

      it("routes the client API to the gateway and ActivityPub, WebFinger and NodeInfo to federation", function () {
        const ingress = find(rendered.docs, "Ingress", "starling");
        assert.ok(ingress, "no Ingress starling");
        const paths = ingress.spec.rules.flatMap((r: any) => r.http.paths);
        for (const [path, service] of ROUTES) {
          const route = paths.find((p: any) => p.path === path);
          assert.ok(route, `no route for ${path}`);
          assert.equal(route.backend.service.name, service, path);
          assert.equal(route.backend.service.port.name, "http", path);
        }
      });

      it("routes the streaming API to the gateway on its own Ingress with WebSocket timeouts and no buffering", function () {
        const ingress = find(rendered.docs, "Ingress", "starling-streaming");
        assert.ok(ingress, "no Ingress starling-streaming");
        const main = find(rendered.docs, "Ingress", "starling")!;
        assert.deepEqual(ingress.spec.rules.map((r: any) => r.host), main.spec.rules.map((r: any) => r.host));
        assert.deepEqual(ingress.spec.tls, main.spec.tls);
        const [route] = ingress.spec.rules[0].http.paths;
        assert.deepEqual([route.path, route.pathType, route.backend.service.name, route.backend.service.port.name], ["/api/v1/streaming", "Prefix", "gateway", "http"]);
        const annotations = (ingress as any).metadata.annotations;
        for (const timeout of ["proxy-read-timeout", "proxy-send-timeout"]) assert.ok(Number(annotations[`nginx.ingress.kubernetes.io/${timeout}`]) >= 3600, timeout);
        assert.equal(annotations["nginx.ingress.kubernetes.io/proxy-buffering"], "off");
      });

      it("includes the migrate Job running `starling migrate` from the cli image", function () {
        const job = find(rendered.docs, "Job", "migrate");
        assert.ok(job, "no Job migrate");
        const [container] = job.spec.template.spec.containers;
        assert.match(container.image, /starling\/cli(:|$)/);
        assert.deepEqual(container.args, ["migrate"]);
        assert.equal(container.securityContext.readOnlyRootFilesystem, true);
      });
    });
  }

  describe("overlay differences", function () {
    it("dev generates a throwaway Secret and runs one replica of each service", function () {
      const { docs } = render("dev");
      const secret = docs.find((d) => d.kind === "Secret" && d.metadata.name.startsWith("starling-secrets"));
      assert.ok(secret, "dev generates no starling-secrets");
      const viewerSecret = Buffer.from(secret.data.VIEWER_TOKEN_SECRET, "base64").toString();
      assert.match(viewerSecret, /dev-only/);
      assert.ok(viewerSecret.length >= 32);
      for (const service of SERVICES) assert.equal(find(docs, "Deployment", service)!.spec.replicas, 1, service);
    });

    it("prod references an existing Secret and scales with autoscalers and disruption budgets", function () {
      const { docs } = render("prod");
      assert.ok(!docs.some((d) => d.kind === "Secret"), "prod must not generate a Secret");
      for (const service of SERVICES) {
        const deployment = find(docs, "Deployment", service)!;
        const refs = JSON.stringify(deployment.spec.template.spec);
        assert.match(refs, /"name":"starling-secrets"/, `${service} does not reference starling-secrets`);
        assert.match(serverContainer(deployment).image, /:[\w.-]+$/, `${service}: untagged image`);
        const hpa = find(docs, "HorizontalPodAutoscaler", service);
        assert.ok(hpa, `no HorizontalPodAutoscaler ${service}`);
        assert.equal(hpa.spec.scaleTargetRef.name, service);
        const pdb = find(docs, "PodDisruptionBudget", service);
        assert.ok(pdb, `no PodDisruptionBudget ${service}`);
        assert.deepEqual(pdb.spec.selector.matchLabels, { "app.kubernetes.io/name": service });
      }
      for (const service of ["gateway", "timelines", "federation"]) {
        assert.ok(find(docs, "Deployment", service)!.spec.replicas >= 2, `${service} replicas`);
        assert.ok(find(docs, "HorizontalPodAutoscaler", service)!.spec.minReplicas >= 2, `${service} minReplicas`);
      }
    });
  });
});
