/// Registering: the `register` overloads, plain and with one to three runtime arguments.
extension Container {
  /// Registers how to build a service.
  ///
  /// ```swift
  /// container.register(PaymentGateway.self, name: "sandbox", lifetime: .singleton) { _ in
  ///   SandboxGateway()
  /// }
  /// container.register(CheckoutService.self) { resolver in
  ///   CheckoutService(gateway: try resolver.resolve(PaymentGateway.self, name: "sandbox"))
  /// }
  /// ```
  ///
  /// Registering the same type and name again replaces the earlier registration.
  ///
  /// - Parameters:
  ///   - service: The type callers resolve, often a protocol.
  ///   - name: Tells apart several registrations of one type.
  ///   - lifetime: How long an instance lives and who shares it; see ``Lifetime``.
  ///   - factory: Builds the service, resolving its dependencies through the ``Resolver``.
  public func register<Service: Sendable>(
    _ service: Service.Type, name: String? = nil, lifetime: Lifetime = .transient,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) {
    add(
      Registration(
        key: ServiceKey(service: service, name: name), lifetime: lifetime, owner: self,
        factory: .plain(factory)))
  }

  /// Registers a service whose factory takes a runtime argument; it is built anew on each
  /// resolution.
  ///
  /// ```swift
  /// container.register(Greeting.self, arguments: String.self) { _, name in
  ///   Greeting(name: name)
  /// }
  /// let greeting = try container.resolve(Greeting.self, arguments: "Ada")
  /// ```
  ///
  /// The factory's parameters are checked against `arguments` at compile time; a resolution
  /// with other argument types fails with an error that lists what is registered.
  ///
  /// Such a registration takes no lifetime: it is always transient. An instance built from
  /// arguments belongs to those arguments, and sharing it (as a singleton, scoped or graph
  /// instance) would hand the first caller's greeting to everyone who asks with other ones.
  /// To share one per argument, keep them in a service of your own, such as a dictionary
  /// behind a singleton.
  public func register<Service: Sendable, Argument>(
    _ service: Service.Type, name: String? = nil, arguments argument: Argument.Type,
    factory: @escaping @Sendable (Resolver, Argument) throws -> Service
  ) {
    add(service, name: name, arguments: Argument.self) { resolver, arguments in
      try factory(resolver, arguments as! Argument)
    }
  }

  /// Registers a service whose factory takes two runtime arguments; see
  /// ``register(_:name:arguments:factory:)``.
  ///
  /// ```swift
  /// container.register(Greeting.self, arguments: String.self, Int.self) { _, name, age in
  ///   Greeting(name: name, age: age)
  /// }
  /// let greeting = try container.resolve(Greeting.self, arguments: "Ada", 36)
  /// ```
  public func register<Service: Sendable, First, Second>(
    _ service: Service.Type, name: String? = nil, arguments first: First.Type,
    _ second: Second.Type,
    factory: @escaping @Sendable (Resolver, First, Second) throws -> Service
  ) {
    add(service, name: name, arguments: (First, Second).self) { resolver, arguments in
      let (first, second) = arguments as! (First, Second)
      return try factory(resolver, first, second)
    }
  }

  /// Registers a service whose factory takes three runtime arguments; see
  /// ``register(_:name:arguments:factory:)``. For more, pass a struct that holds them.
  ///
  /// ```swift
  /// container.register(Invoice.self, arguments: Order.self, Customer.self, Date.self) {
  ///   _, order, customer, date in Invoice(order: order, customer: customer, date: date)
  /// }
  /// ```
  public func register<Service: Sendable, First, Second, Third>(
    _ service: Service.Type, name: String? = nil, arguments first: First.Type,
    _ second: Second.Type, _ third: Third.Type,
    factory: @escaping @Sendable (Resolver, First, Second, Third) throws -> Service
  ) {
    add(service, name: name, arguments: (First, Second, Third).self) { resolver, arguments in
      let (first, second, third) = arguments as! (First, Second, Third)
      return try factory(resolver, first, second, third)
    }
  }

  // One overload per count of arguments, rather than one over a parameter pack: a factory whose
  // parameters do not match then gets the compiler's plain diagnostic ("contextual closure type
  // '(Resolver, String, Int) throws -> Greeting' expects 3 arguments, but 2 were used"), where
  // the pack version said "pack expansion requires that 'Int' and '' have the same shape".

  /// Adds a registration with runtime arguments. `resolve(_:name:arguments:)` passes them as
  /// one value, a tuple of exactly the `arguments` types (the key includes them, so only a
  /// tuple of those types reaches the factory).
  private func add<Service: Sendable>(
    _ service: Service.Type, name: String?, arguments: Any.Type,
    make: @escaping @Sendable (Resolver, Any) throws -> Service
  ) {
    add(
      Registration(
        key: ServiceKey(service: service, name: name, arguments: arguments), lifetime: .transient,
        owner: self, factory: .withArguments(make)))
  }
}
