"""The client against a running simulator (`npx --no-install erp-sim serve`), asserting which calls it made with
the journal's verify route. Standard library only: `python3 -m unittest` (pytest runs it too).

Environment variables:
  SIM_URL           the host (default http://127.0.0.1:8787)
  SIM_ADMIN_TOKEN   sent as a bearer token on control calls, when the host asks for one
  SIM_ENVIRONMENT   the name of an environment already on the host (e.g. loaded with --import);
                    without it the suite creates its own and deletes it at the end
"""
import os
import unittest
import uuid

from erp_sim import Simulator
from receivables_client import ApiError, record_payment

OPEN_INVOICE = 300000000001351  # INV-300000000001351, open, account 10010 (the seeded book)
OTHER_INVOICE = 300000000001379


class RecordPaymentTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sim = Simulator(os.environ.get("SIM_URL", "http://127.0.0.1:8787"), os.environ.get("SIM_ADMIN_TOKEN"))
        name = os.environ.get("SIM_ENVIRONMENT")
        cls.own = not name
        cls.env = cls.sim.create_environment("receivables", "pytest example") if cls.own else cls.sim.find_environment(name)
        cls.api = {"base_url": cls.env.base_url, "token": cls.env.token}
        cls.today = cls.env.call("GET", "/clock")["now"][:10]

    @classmethod
    def tearDownClass(cls):
        if cls.own:
            cls.env.delete()

    def setUp(self):
        # Each test looks only at the requests made after this point.
        self.since = self.env.mark()
        self.receipt_number = f"PY-{uuid.uuid4().hex[:8]}"

    def test_posts_one_receipt_naming_the_invoice(self):
        record_payment(self.api, OPEN_INVOICE, 1000, self.receipt_number, self.today)
        result = self.env.verify({"method": "POST", "path": "*/standardReceipts", "status": 201, "since": self.since,
                                  "bodyIncludes": ["INV-300000000001351", self.receipt_number]},
                                 {"exactly": 1})
        self.assertTrue(result["ok"], result)

    def test_retries_a_503_once(self):
        rule = self.env.add_fault({"kind": "status", "status": 503, "method": "POST", "path": "*/standardReceipts", "count": 1})
        try:
            record_payment(self.api, OTHER_INVOICE, 250, self.receipt_number, self.today)
        finally:
            self.env.remove_fault(rule["id"])
        posts = self.env.verify({"method": "POST", "path": "*/standardReceipts", "since": self.since}, {"exactly": 2})
        self.assertTrue(posts["ok"], posts)
        refused = self.env.verify({"method": "POST", "path": "*/standardReceipts", "status": 503, "since": self.since}, {"exactly": 1})
        self.assertTrue(refused["ok"], refused)

    def test_a_refused_amount_is_not_retried_and_verify_shows_the_near_miss(self):
        with self.assertRaises(ApiError) as raised:
            record_payment(self.api, OTHER_INVOICE, -5, self.receipt_number, self.today)
        self.assertEqual(raised.exception.status, 400)
        created = self.env.verify({"method": "POST", "path": "*/standardReceipts", "status": 201, "since": self.since})
        self.assertFalse(created["ok"])
        self.assertEqual(created["nearMisses"][0]["differences"], ["status: expected 201, got 400"])


if __name__ == "__main__":
    unittest.main()
