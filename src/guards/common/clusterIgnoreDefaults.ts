/**
 * What is never sent unless a `.clusterignore` names it with `!`: files whose purpose is to hold
 * credentials. Each entry is one that tools or people really use for secrets; a file that often
 * also holds ordinary configuration (`.yarnrc.yml`, `wp-config.php`, `*.tfvars`) is left to the
 * secret guard, which reads what is about to be sent. Matching ignores case, so `.ENV` and
 * `ID_RSA` are caught on file systems that do not tell them apart.
 */
export const DEFAULT_CLUSTER_IGNORE: readonly string[] = [
  // Environment files (dotenv, direnv's .envrc, docker's env_file, cookiecutter's .envs/ folder).
  '*.env',
  '.env*',
  // Their templates are made to be shared: they name the variables a project reads, with
  // placeholder values, which is what a model needs to know about the configuration. A template
  // someone filled with real values is still read by the secret guard before it is sent.
  '!.env.example',
  '!.env.sample',
  '!.env.template',
  '!.env.dist',
  // Private keys and key stores (PEM, PKCS#12, Java and Android key stores, Apple .p8, PuTTY,
  // KeePass). A .pem may hold only a certificate, but it is often a key; fail closed.
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.p8',
  '*.jks',
  '*.keystore',
  '*.ppk',
  '*.kdbx',
  '*.keychain-db',
  // SSH: the keys wherever they are copied, and the folder that holds them.
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '.ssh/',
  // Credentials of package registries, Git hosts and the network.
  '.npmrc',
  '.pypirc',
  '**/.gem/credentials',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.htpasswd',
  '.pgpass',
  '.my.cnf',
  // Cloud and container credentials. A pattern with a slash is anchored to the folder's root in
  // gitignore syntax; `**/` finds these where a dotfiles repository keeps them too.
  'credentials.json',
  'application_default_credentials.json',
  'client_secret*.json',
  '**/.aws/credentials',
  '**/.docker/config.json',
  '.dockercfg',
  '**/.kube/config',
  'kubeconfig',
  '.vault-token',
  '.s3cfg',
  // Terraform state holds every secret a configuration created, in plain text.
  '*.tfstate',
  '*.tfstate.*',
];
