import { CreateBucketCommand, DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Supermemory from 'supermemory';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { INSTANCE_SECRET } from '../../src/services/master-secret.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { startMoto, type MotoServer } from '../helpers/moto.js';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('connections: S3 against moto (an S3-compatible server), through the official client', () => {
  let moto: MotoServer;
  let s3: S3Client;
  let rt: TestRuntime;
  let api: http.Server;
  let client: Supermemory;
  const put = (Key: string, Body: string) => s3.send(new PutObjectCommand({ Bucket: 'notes', Key, Body, ContentType: 'text/markdown' }));
  const idle = () => (rt.syncRunner as EmbeddedSyncRunner).idle();

  beforeAll(async () => {
    moto = await startMoto();
    s3 = new S3Client({ region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET } });
    await s3.send(new CreateBucketCommand({ Bucket: 'notes' }));
    await put('team/alpha.md', '# Alpha\n\nThe alpha team ships on Tuesdays.');
    await put('team/beta.md', '# Beta\n\nBeta owns the billing service.');
    await put('team/archive.bin', 'bytes no extractor reads');
    await put('other/gamma.md', '# Gamma\n\nOutside the prefix.');
    rt = await createTestRuntime({ MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1', MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters' });
    api = http.createServer(rt.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, maxRetries: 0 });
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await new Promise((r) => api?.close(r));
    s3?.destroy();
    await moto?.stop();
  });

  it('syncs the text objects under the prefix, keeps the secret key sealed, then follows changes and deletions', async () => {
    const metadata = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET, bucket: 'notes', region: 'us-east-1', endpoint: moto.endpoint, prefix: 'team/' };
    const { id } = await client.connections.create('s3', { containerTags: ['bucket'], metadata });
    await idle();
    await rt.settle();
    const got = await client.connections.getByID(id);
    expect(got.metadata).toEqual({ accessKeyId: 'AKIAEXAMPLE', bucket: 'notes', region: 'us-east-1', endpoint: moto.endpoint, prefix: 'team/' });
    expect(JSON.stringify(await rt.store.connections.getConnection('org_default', id))).not.toContain(SECRET);

    const docs = async () => new Map((await client.connections.listDocuments('s3', { containerTags: ['bucket'] })).map((d) => [d.title, d]));
    const first = await docs();
    expect([...first.keys()].sort()).toEqual(['Alpha', 'Beta']);
    const alpha = await client.documents.get(first.get('Alpha')!.id);
    expect(alpha).toMatchObject({ source: 's3', connectionId: id, filepath: '/team/alpha.md', status: 'done' });
    expect(alpha.content).toContain('ships on Tuesdays');

    await put('team/beta.md', '# Beta\n\nBeta now owns billing and invoicing.');
    await s3.send(new DeleteObjectCommand({ Bucket: 'notes', Key: 'team/alpha.md' }));
    await put('team/delta.md', '# Delta\n\nDelta is new.');
    await client.connections.import('s3', { containerTags: ['bucket'] });
    await idle();
    await rt.settle();
    const second = await docs();
    expect([...second.keys()].sort()).toEqual(['Beta', 'Delta']);
    expect(second.get('Beta')!.id).toBe(first.get('Beta')!.id);
    expect((await client.documents.get(second.get('Beta')!.id)).content).toContain('invoicing');
    await expect(client.documents.get(alpha.id)).rejects.toMatchObject({ status: 404 });
    const runs = (await fetch(`http://127.0.0.1:${(api.address() as AddressInfo).port}/v3/connections/${id}/sync-runs`, { headers: { authorization: `Bearer ${TEST_KEY}` } }).then((r) => r.json())) as {
      itemsProcessed: number;
      triggerType: string;
    }[];
    // Second run: Beta changed, Delta new, Alpha deleted.
    expect(runs.map((r) => [r.triggerType, r.itemsProcessed])).toEqual([
      ['manual', 3],
      ['event', 2],
    ]);
  }, 120_000);

  it('maps keys to container tags with containerTagRegex and reads binary objects through the extractors', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([500, 200]).drawText('The beta roadmap moves invoicing to Q3.', { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    await s3.send(new CreateBucketCommand({ Bucket: 'teams' }));
    const putTeams = (Key: string, Body: string | Uint8Array, ContentType: string) => s3.send(new PutObjectCommand({ Bucket: 'teams', Key, Body, ContentType }));
    await putTeams('teams/alpha/standup.md', '# Standup\n\nAlpha demos the kiosk on Monday.', 'text/markdown');
    await putTeams('teams/beta/roadmap.pdf', await doc.save(), 'application/pdf');
    await putTeams('shared/glossary.md', '# Glossary\n\nA kiosk is a self-service terminal.', 'text/markdown');
    const metadata = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET, bucket: 'teams', region: 'auto', endpoint: moto.endpoint, containerTagRegex: '^teams/([^/]+)/' };
    const { id } = await client.connections.create('s3', { containerTags: ['company'], metadata });
    await idle();
    await rt.settle();
    const byTag = async (tag: string) => (await client.documents.list({ containerTags: [tag] })).memories.map((d) => d.title).sort();
    expect(await byTag('alpha')).toEqual(['Standup']);
    expect(await byTag('beta')).toEqual(['roadmap.pdf']);
    expect(await byTag('company')).toEqual(['Glossary']);
    const hits = await client.search.documents({ q: 'invoicing roadmap Q3', containerTags: ['beta'] });
    expect(hits.results[0]?.title).toBe('roadmap.pdf');
    const runs = (await fetch(`http://127.0.0.1:${(api.address() as AddressInfo).port}/v3/connections/${id}/sync-runs`, { headers: { authorization: `Bearer ${TEST_KEY}` } }).then((r) => r.json())) as {
      itemsProcessed: number;
      itemsFailed: number;
    }[];
    expect(runs[0]).toMatchObject({ itemsProcessed: 3, itemsFailed: 0 });

    for (const containerTagRegex of ['^teams/([^/', '^(a+)+$']) {
      await expect(client.connections.create('s3', { metadata: { ...metadata, containerTagRegex } })).rejects.toMatchObject({ status: 400 });
    }
  }, 120_000);

  it('refuses a connection without the secret key setting', async () => {
    await expect(client.connections.create('s3', { metadata: { accessKeyId: 'x', bucket: 'notes', region: 'auto' } })).rejects.toMatchObject({ status: 400 });
  });

  it('without MNEMO_SECRET_KEY, seals credentials with the master secret generated and kept in the data directory', async () => {
    const bare = await createTestRuntime({ MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1' });
    try {
      const { default: request } = await import('supertest');
      const metadata = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET, bucket: 'notes', region: 'us-east-1', endpoint: moto.endpoint, prefix: 'other/' };
      const res = await request(bare.app.callback())
        .post('/v3/connections/s3')
        .set({ authorization: `Bearer ${TEST_KEY}` })
        .send({ containerTags: ['generated-key'], metadata });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(JSON.stringify(await bare.store.connections.getConnection('org_default', res.body.id))).not.toContain(SECRET);
      // The sync opened the sealed credentials with the generated key and read the bucket.
      await (bare.syncRunner as EmbeddedSyncRunner).idle();
      await bare.settle();
      const listed = await request(bare.app.callback())
        .post('/v3/connections/s3/documents')
        .set({ authorization: `Bearer ${TEST_KEY}` })
        .send({ containerTags: ['generated-key'] });
      expect(listed.status).toBe(200);
      expect(listed.body.map((d: { title: string }) => d.title)).toEqual(['Gamma']);
      expect(await bare.store.secrets.getOrCreate(INSTANCE_SECRET, () => 'not generated')).not.toBe('not generated');
    } finally {
      await bare.close();
    }
  }, 120_000);
});
