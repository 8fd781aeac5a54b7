"""``python -m kiosk.doctor``: the same as ``ludokiosk doctor``."""

from kiosk.doctor import main

raise SystemExit(main())
