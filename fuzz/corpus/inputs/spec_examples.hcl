# The examples of the input-block type spec, one input each.
input "primitives" {
    name:    string
    enabled: bool   = true
    count:   int    = 1
    ratio:   number = 0.5
    meta:    any
}

input "collections" {
    azs:          list(string)
    port_ranges:  list(int)
    allowed_ips:  set(string)
    tags:         map(string)
    replica_info: map(number)
    endpoint:     tuple([string, int])    // e.g. ["host", 5432]
    db_config: object({
        host: string
        port: int
        name: string
    })
}

input "optionals" {
    extra_tags: optional(map(string))
    timeout:    optional(number, 30)
}

input "named" {
    nat_strategy: aws.ec2.NatStrategy
    cidr:         CIDR
}

input "nested" {
    // list of objects
    subnet_configs: list(object({
        cidr: string
        az:   string
    }))

    // map of lists
    az_map: map(list(string))

    // optional list
    extra_cidrs: optional(list(string))
}
