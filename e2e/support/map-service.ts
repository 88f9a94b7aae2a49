import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/** A square PNG of one colour (#rrggbb), made here so no image file or library is needed. */
export function solidPng(hex: string, size = 256): Buffer {
  const rgba = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);
  const row = Buffer.alloc(1 + size * 4);
  for (let x = 0; x < size; x++) row.set(rgba, 1 + x * 4);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const capabilities = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">
  <Service><Name>WMS</Name><Title>County Imagery</Title></Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${base}/wms?"/></Get></HTTP></DCPType></GetCapabilities>
      <GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${base}/wms?map=county"/></Get></HTTP></DCPType></GetMap>
    </Request>
    <Layer><Title>County</Title><CRS>EPSG:3857</CRS><CRS>EPSG:4326</CRS>
      <Layer><Name>ortho</Name><Title>Orthophoto 2024</Title></Layer>
      <Layer><Name>parcels</Name><Title>Parcels</Title></Layer>
    </Layer>
  </Capability>
</WMS_Capabilities>`;

export interface WmsRequest {
  params: URLSearchParams;
  authorization?: string;
}

/**
 * A tiny WMS 1.3.0 on loopback behind basic authentication: GetCapabilities advertises two layers,
 * GetMap answers every image with one colour. It keeps the requests it received.
 */
export class TestWmsServer {
  readonly requests: WmsRequest[] = [];
  url = '';
  private server: Server;

  constructor(private readonly options: { username: string; password: string; colour: string }) {
    const png = solidPng(options.colour);
    const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      const params = new URLSearchParams([...url.searchParams].map(([k, v]) => [k.toUpperCase(), v]));
      this.requests.push({ params, authorization: req.headers.authorization });
      if (req.headers.authorization !== expected)
        return void res.writeHead(401, { 'www-authenticate': 'Basic realm="maps"' }).end();
      if (params.get('REQUEST') === 'GetCapabilities')
        return void res.writeHead(200, { 'content-type': 'text/xml' }).end(capabilities(this.url));
      if (params.get('REQUEST') === 'GetMap') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      res.writeHead(400).end();
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  getMaps(): WmsRequest[] {
    return this.requests.filter((r) => r.params.get('REQUEST') === 'GetMap');
  }
}
