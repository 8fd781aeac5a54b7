"""The kiosk's screens, one scene each, on a stack."""
