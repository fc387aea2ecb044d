"""A small client of the simulator's control API (/sim/_admin), Python standard library only.

Any language can do the same: it is plain HTTP and JSON (README, "Control API").
"""
import base64
import json
import urllib.error
import urllib.parse
import urllib.request


class SimulatorError(Exception):
    def __init__(self, message, status, body=None):
        super().__init__(message)
        self.status = status
        self.body = body


def request(method, url, body=None, headers=None):
    """One HTTP call; answers (status, headers, parsed JSON or text). Never raises for a status."""
    data = None
    headers = dict(headers or {})
    if body is not None:
        if isinstance(body, (dict, list)):
            data = json.dumps(body).encode()
            headers.setdefault("content-type", "application/json")
        else:
            data = body.encode() if isinstance(body, str) else body
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            status, res_headers, raw = res.status, res.headers, res.read()
    except urllib.error.HTTPError as err:
        status, res_headers, raw = err.code, err.headers, err.read()
    text = raw.decode("utf-8", "replace")
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = text
    return status, res_headers, parsed


def said(parsed):
    """What an answer says, in one sentence: a control error's "error", a problem's "detail" or "title" (with its code)."""
    if isinstance(parsed, dict):
        sentence = next((v for v in (parsed.get("error"), parsed.get("detail"), parsed.get("title")) if isinstance(v, str) and v.strip()), None)
        if sentence:
            code = parsed.get("code")
            return f"{sentence} ({code})" if isinstance(code, str) and code not in sentence else sentence
    return str(parsed)[:300] if parsed else "(no body)"


class Simulator:
    def __init__(self, url, admin_token=None):
        self.url = url.rstrip("/")
        self.admin_token = admin_token

    def call(self, method, path, body=None, query=None, token=None):
        url = f"{self.url}/sim/_admin{path}"
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        headers = {}
        bearer = token or self.admin_token
        if bearer:
            headers["authorization"] = f"Bearer {bearer}"
        status, _, parsed = request(method, url, body, headers)
        if status >= 300:
            raise SimulatorError(f"{method} /sim/_admin{path} answered {status}: {said(parsed)}", status, parsed)
        return parsed

    def create_environment(self, product="receivables", name=None):
        body = {"product": product}
        if name:
            body["name"] = name
        return Environment(self, self.call("POST", "/environments", body))

    def find_environment(self, name):
        """An environment already on the host (e.g. loaded with `erp-sim serve --import`), by name."""
        for item in self.call("GET", "/environments")["items"]:
            if item["name"] == name:
                return Environment(self, item)
        raise SimulatorError(f"No environment named {name!r} on {self.url}", 404)


class Environment:
    def __init__(self, sim, created):
        self.sim = sim
        self.key = created["key"]
        self.product = created["product"]
        self.base_url = created["baseUrl"]
        # Secrets are shown once, in the answer that created the environment.
        self.credentials = created.get("credentials", {})
        self.owner_token = created.get("ownerToken")

    def call(self, method, path, body=None, query=None):
        return self.sim.call(method, f"/environments/{self.key}{path}", body, query, token=self.owner_token)

    def oauth_client(self):
        """The first OAuth client with its secret: the creation's, or a new one minted now."""
        clients = self.credentials.get("oauthClients") or []
        if clients:
            return clients[0]
        client = self.call("POST", "/credentials", {
            "type": "oauth-client",
            "privileges": ["AR_CREATE_RECEIVABLES_RECEIPT_PRIV", "AR_MANAGE_RECEIVABLES_RECEIPT_PRIV"],
        })
        self.credentials.setdefault("oauthClients", []).append(client)
        return client

    def token(self):
        client = self.oauth_client()
        basic = base64.b64encode(f"{client['clientId']}:{client['clientSecret']}".encode()).decode()
        form = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": client["scope"]})
        status, _, body = request("POST", f"{self.base_url}/oauth/token", form,
                                  {"authorization": f"Basic {basic}", "content-type": "application/x-www-form-urlencoded"})
        if status != 200:
            raise SimulatorError(f"token request answered {status}: {body}", status, body)
        return body["access_token"]

    def mark(self):
        """The newest journal entry's id (0 if none): pass it as `since` to see only what follows."""
        items = self.call("GET", "/journal", query={"limit": 1})["items"]
        return items[0]["id"] if items else 0

    def verify(self, request_pattern, count=None):
        body = {"request": request_pattern}
        if count is not None:
            body["count"] = count
        return self.call("POST", "/journal/verify", body)

    def add_fault(self, rule):
        return self.call("POST", "/faults", rule)

    def remove_fault(self, rule_id):
        self.call("DELETE", f"/faults/{rule_id}")

    def reset(self):
        """The clean slate for a test: seeded book, clock at its start, no fault rules, empty journal. Credentials stay."""
        return self.call("POST", "/reset", {"scope": "all"})

    def reset_data(self):
        """The data only back to the seeded book (the playground's Reset): clock, fault rules and journal stay."""
        return self.call("POST", "/reset", {"scope": "data"})

    def delete(self):
        self.call("DELETE", "")
