struct Fakes: Gateway, Fraud, Stock, Courier, Mail, Metrics {}
