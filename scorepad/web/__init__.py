"""What every page shares: forms, the two languages, who may do what, the chart picture."""
