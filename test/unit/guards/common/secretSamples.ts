/**
 * Credentials for the secret guard's tests, made up at run time from a seeded generator: they have
 * the shape and the randomness of real ones, and no file of the repository holds one that a
 * scanner (this one, or a Git host's) would stop.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE64 = `${ALNUM}+/`;

/** Random characters of an alphabet, the same for the same seed. */
export function randomText(seed: number, length: number, alphabet = ALNUM): string {
  let state = seed >>> 0 || 1;
  let text = '';
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text += alphabet.charAt((state >>> 0) % alphabet.length);
  }
  return text;
}

/** Joins pieces, so that no source line holds a whole credential prefix next to its body. */
const join = (...pieces: string[]): string => pieces.join('');

export const samples = {
  githubClassic: join('gh', 'p_', randomText(1, 36)),
  githubOAuth: join('gh', 'o_', randomText(2, 36)),
  githubFineGrained: join('github', '_pat_', randomText(3, 22), '_', randomText(4, 59)),
  gitlab: join('glp', 'at-', randomText(5, 20, `${ALNUM}_-`)),
  slackBot: join('xo', 'xb-', randomText(6, 12, '0123456789'), '-', randomText(7, 13, '0123456789'), '-', randomText(8, 24)),
  slackWebhook: join('https://hooks.', 'slack.com/services/', 'T', randomText(9, 10), '/B', randomText(10, 10), '/', randomText(11, 24)),
  stripe: join('sk', '_live_', randomText(12, 24)),
  google: join('AI', 'za', randomText(13, 35, `${ALNUM}_-`)),
  openai: join('sk-', 'proj-', randomText(14, 74, `${ALNUM}_-`), 'T3Blbk', 'FJ', randomText(15, 74, `${ALNUM}_-`)),
  anthropic: join('sk-', 'ant-api03-', randomText(16, 93, `${ALNUM}_-`), 'AA'),
  huggingface: join('hf', '_', randomText(17, 34, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz')),
  npm: join('np', 'm_', randomText(18, 36)),
  awsAccessKey: join('AK', 'IA', randomText(19, 16, UPPER32)),
  awsSecretKey: randomText(20, 40, BASE64),
  jwt: join('ey', 'J', randomText(21, 30), '.', 'ey', 'J', randomText(22, 60), '.', randomText(23, 43, `${ALNUM}_-`)),
  bearer: randomText(24, 32),
  urlPassword: join(randomText(25, 10), '!', randomText(26, 4)),
  password: join(randomText(27, 8), '#', randomText(28, 3)),
  djangoSecret: join('django-insecure-', randomText(29, 40, `${ALNUM}!@#%^&*(-_=+)`)),
};

/** A PEM private key with a body of random base64 lines. */
export function privateKeyBlock(kind = 'RSA', lines = 6, newline = '\n'): string {
  const body = Array.from({ length: lines }, (_, line) => randomText(100 + line, 64, BASE64));
  return [join('-----BEGIN ', kind, ' PRIVATE', ' KEY-----'), ...body, join('-----END ', kind, ' PRIVATE', ' KEY-----')].join(newline);
}

/**
 * Ordinary source that talks about passwords, tokens and keys without holding one: what the secret
 * guard must stay quiet about, or every request would ask.
 */
export const ORDINARY_SOURCE =
  String.raw`
import { createHash, randomBytes } from 'node:crypto';
import type { Token } from './lexer';

type TokenType = 'word' | 'space';
interface Credentials { readonly user: string; readonly password: string; readonly apiKey?: string }
const MIN_PASSWORD_LENGTH = 12;
const passwordRegex = /^(?=.*\d)(?=.*[a-z]).{8,}$/;
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const secretName = 'db-password';
export const API_KEY_HEADER = 'x-api-key';

export function login(credentials: Credentials): Promise<string> {
  const token = credentials.apiKey ?? process.env.API_KEY ?? '';
  const password = credentials.password.trim();
  if (token === '' || password == null) {
    throw new Error('Enter your password or an API key');
  }
  const passwordHash = createHash('sha256').update(password).digest('hex');
  const secret = randomBytes(32).toString('base64url');
  const [accessToken, setAccessToken] = useState<string | undefined>(undefined);
  headers.Authorization = 'Bearer ' + token;
  headers['Authorization'] = ` +
  '`Bearer ${token}`' +
  String.raw`;
  const tokens = tokenizer.tokenize(source);
  for (const token of tokens) { if (token.type === 'word') count++; }
  const maxTokens = 4096;
  const refreshToken = await store.get('refresh_token');
  const privateKey = await readFile(keyPath, 'utf8');
  const publicKey = 'ssh-ed25519';
  return client.post(TOKEN_URL, { password: passwordHash, secret, token: accessToken, csrf_token: csrfToken });
}

const schema = z.object({ password: z.string().min(8), token: z.string().optional(), apiKey: z.string() });
const sessionToken = req.cookies['session-token'];
const apiKey = options.apiKey || config.get('apiKey');
tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
password = getpass.getpass("Password: ")
api_key = os.environ["OPENAI_API_KEY"]
self.secret_key = settings.SECRET_KEY
token := os.Getenv("GITHUB_TOKEN")
Password string ` +
  '`json:"password"`' +
  String.raw`
private String password;
public string ApiKey { get; set; }

# docker-compose.yml
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: ${'${POSTGRES_PASSWORD}'}
      DATABASE_URL: postgres://postgres:postgres@db:5432/app
    secrets:
      - db_password
env:
  - name: API_TOKEN
    valueFrom:
      secretKeyRef:
        name: api-token
        key: token
steps:
  - run: npm publish
    env:
      NODE_AUTH_TOKEN: ${'${{ secrets.NPM_TOKEN }}'}

{
  "name": "demo",
  "version": "1.2.3",
  "resolved": "https://registry.npmjs.org/ignore/-/ignore-7.0.5.tgz",
  "integrity": "sha512-Hs59xBNfUIunMFgWAbGX5cq6893IbWg4KnrjbYwX3tx0ztorVgTDA6B2sxf8ejHJ4wz8BqGUMYlnzNBer5NvGg==",
  "keywords": ["token", "secret", "password"],
  "id": "5f0c6a3e-8a1b-4c2d-9e3f-1a2b3c4d5e6f"
}

## Configuration
Set ${'`GITHUB_TOKEN=<your token>`'} and ${'`OPENAI_API_KEY=sk-...`'} in your shell, then run
${'`curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user`'}.
The password must be at least 12 characters; the token expires after 30 days.
See https://example.com/docs?page=2#tokens and git@github.com:owner/repo.git (commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39).
Connect with http://localhost:8080/api and mongodb://localhost:27017/app.
data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
-----BEGIN CERTIFICATE-----
-----BEGIN RSA PRIVATE KEY-----
...
-----END RSA PRIVATE KEY-----
const PEM_HEADER = '-----BEGIN PRIVATE KEY-----';
if (line.startsWith('-----BEGIN')) { inKey = true; }
a.token===b.token-1&&c.prevToken==null&&(d.endToken=e&&e.join?e[e.length-1]:e);passwordVerification:O&&(p>>>24&255)
SELECT id, password_hash, api_key_id FROM users WHERE reset_token = $1;
`;
