"""音速杯足球赛 TZQ Sonic Cup (docs/rules/sonic-cup.md)."""
