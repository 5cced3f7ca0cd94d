#!/usr/bin/env bash
# Starts what the tests talk to when it is down, and installs Debian's Chromium (and LibreOffice
# Calc) when missing.
set -uo pipefail

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian chromium for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || { echo "could not install chromium"; exit 1; }
fi

# LibreOffice is the outside reader the spreadsheet interoperability test opens exports with; the
# test falls back to exceljs's reader when it cannot be installed, so a failure here is not fatal.
if ! command -v soffice >/dev/null 2>&1; then
  echo "installing LibreOffice Calc (headless) for the spreadsheet interoperability test"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    libreoffice-calc-nogui >/dev/null) || echo "could not install LibreOffice: its checks will be skipped"
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi

if ! (exec 3<>/dev/tcp/127.0.0.1/1883) 2>/dev/null; then
  echo "starting Mosquitto"
  mosquitto -d -c /etc/mosquitto/mosquitto.conf || true
  sleep 1
fi
exit 0
